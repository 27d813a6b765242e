// No #version: GLSL 1.10. Later keywords are plain names here.
int sample;
int patch;
int buffer;
int shared;
int coherent;
int layout;
int smooth;
int uint;
int centroid;
void main() {
    gl_Position = vec4(float(sample + patch + buffer + shared + coherent + layout + smooth + uint + centroid));
}
