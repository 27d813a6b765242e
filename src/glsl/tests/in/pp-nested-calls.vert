#define f(x) x + g
#define g(x) f
#define h() 1
#define ARGS (2)
a = f(1)(3)(4);
b = h ( );
c = f ARGS;
d = f
(5);
