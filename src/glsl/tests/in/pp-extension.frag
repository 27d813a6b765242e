#version 150
#extension GL_ARB_gpu_shader5 : enable
#extension GL_ARB_gpu_shader_fp64 : require
#extension GL_OES_standard_derivatives : enable
#extension GL_FOO_bar : warn
#extension GL_FOO_bar : disable
#extension GL_FOO_bar : require
#extension all : warn
#extension all : disable
#extension all : enable
#extension GL_ARB_gpu_shader5 : maybe
#extension GL_ARB_gpu_shader5
#define FOO disable
#extension all : FOO
void main() {}
#extension GL_ARB_gpu_shader5 : enable
