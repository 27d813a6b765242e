#version 120
#line 10
a = __LINE__;
#line 20 3
b = __LINE__ + __FILE__;
c = 1 +;
