// A comment is fine before #version, a directive is not.
#define X 1
#version 330
void main() {}
