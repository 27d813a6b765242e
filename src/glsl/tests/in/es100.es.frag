precision mediump float;
uniform sampler2D tex;
varying vec2 uv;
void main() {
    highp vec4 c = texture2D(tex, uv);
    gl_FragColor = c;
}
