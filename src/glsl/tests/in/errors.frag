#version 330
// Several independent errors, each reported once; parsing goes on.
out vec4 color;
void main() {
    color = vec4(1.0 +);
    float x = ;
    int y = 1
    int z = 2;
    color = vec4(x) // missing semicolon
}
Foo bar;
void f() { a + b = c; }
void g() { (1 + 2 }
void h() { return 1 }
int k = 4294967296;
