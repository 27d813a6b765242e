#version 450
#extension GL_ARB_gpu_shader_int64 : enable
void main() {
    int a = 0xffffffff, b = 2147483648, c = 017, d = 0;
    uint e = 4294967295u, f = 0xFFu;
    int64_t g = 9223372036854775807l;
    uint64_t h = 0xffffffffffffffffUL;
    float i = 1.5, j = .5e-3, k = 2., l = 1e10f, m = 3.0F;
    double n = 1.0lf, o = 2e-2LF;
    bool p = true, q = false;
}
