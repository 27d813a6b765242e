#version 300 es
precision mediump float;
out vec4 color;
attribute vec4 a;
varying vec4 v;
uniform sampler1D s1;
void main() { color = vec4(0.0); }
