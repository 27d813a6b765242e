#version 110
#define X 1 /* a comment spanning
               two lines keeps the directive going */ + 2
x = X;
y = 1 \
+ 2;
// a line comment \
continued
z = 3;
/* unterminated
