#version 330
// Object- and function-like macros, rescanning, no recursion.
#define ONE 1
#define TWO (ONE + ONE)
#define SQ(x) ((x) * (x))
#define CALL(f, a) f(a)
#define SELF SELF + 1
#define F(x) x F
#define G F
#define EMPTY
#define PASTE(a, b) a ## b
#define CAT3(a, b, c) a ## b ## c
#define ID(x) x
#define NOARGS() 7
#define SPACEY (x) x
a = TWO;
b = SQ(TWO);
c = CALL(SQ, 3);
d = SELF;
e = F(1)(2);
f = G(3);
g = EMPTY h EMPTY;
i = PASTE(vec, 4)(0.0);
j = PASTE(, x) + PASTE(y, ) + CAT3(, , z);
k = ID(ID(ID(5)));
l = NOARGS();
m = SPACEY;
n = __LINE__ + __FILE__ + __VERSION__;
#line 100 2
o = __LINE__ + __FILE__;
p = SQ(
  1 +
  2);
#undef ONE
q = ONE;
