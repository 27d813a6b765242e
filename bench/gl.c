/*
 * gl: GL-level rendering throughput with fixed-function GL 1.x, in a
 * 1024x768 double-buffered RGBA window with a 24-bit depth buffer.
 *
 *   tri-small    Mtri/s    glDrawArrays(GL_TRIANGLES), flat colour, 8 px each
 *   tri-medium   Mtri/s    the same, 200 px each
 *   tri-large    Mtri/s    the same, 20,000 px each
 *   flat         Mpix/s    full-window quads overdrawn, one colour per layer
 *   smooth       Mpix/s    the same with per-vertex colours (GL_SMOOTH)
 *   textured     Mpix/s    256x256 RGBA texture, GL_LINEAR, GL_MODULATE, 1:1
 *   blended      Mpix/s    GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, alpha 0.5
 *   depth-pass   Mpix/s    GL_LESS, every layer nearer than the last (all pass)
 *   depth-fail   Mpix/s    GL_LESS, every layer behind a near one (all fail)
 *   immediate    Mverts/s  glBegin/glColor3f/glVertex3f/glEnd, tiny triangles
 *   dlist        Mverts/s  the same geometry compiled into a display list
 *   mesh         Mverts/s  an indexed 1000x1000-vertex grid (1M vertices,
 *                          2M sub-pixel triangles) in buffer objects, one
 *                          glDrawElements: distinct vertices per second
 *   gears        frames/s  glxgears' three gears (lit, flat-shaded, display
 *                          lists, culling, depth test) at 1024x768, with
 *                          glClear and glXSwapBuffers in every frame
 *
 * Every workload is a function. One iteration is one draw call (one batch of
 * triangles, one full-window layer, one glCallList, one frame); the iteration
 * count is calibrated so that a timed loop lasts about LOOP seconds, and the
 * best of REPS timed loops is reported (if the first iteration takes a
 * whole LOOP, that iteration alone). A loop starts after glClear and glFinish and stops the clock
 * after glFinish.
 *
 * After the timed loops every workload reads back a few pixels it must have
 * written (glReadPixels on the back buffer) and compares them with the
 * expected colour (tolerance 3/255 per channel). If one differs the result is
 * "not drawn", never a rate, and a "# check" line says which pixel was wrong.
 *
 * Output: "# key value" lines describing the run (loaded libGL.so.1 by
 * dladdr, GL_VENDOR, GL_RENDERER, window, loop), then one line per workload:
 * "name unit rate" or "name unit not drawn".
 *
 * usage: gl [--quick] [--only NAME[,NAME...]] [--list]
 *   --quick   LOOP 0.03 s, 1 timed loop (a smoke test; default 0.25 s x 3)
 *   --only    run only these workloads (names above, or the groups tri, fill,
 *             vertex)
 *   --list    print the (selected) workloads' names and units and exit,
 *             without opening the display
 * Environment: OXGL_BENCH_CPUTIME=1 times with CLOCK_PROCESS_CPUTIME_ID (CPU
 * seconds of the whole process, all its threads) instead of CLOCK_MONOTONIC:
 * a rate per CPU second, which a loaded machine disturbs much less (the
 * library's own threads count; the X server's do not).
 * Build: gcc -O2 -Wall -o gl gl.c -lX11 -l:libGL.so.1 -lm   (scripts/bench-gl)
 */
#define _GNU_SOURCE /* dladdr */
#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WIN_W 1024
#define WIN_H 768
#define TOLERANCE 3       /* per channel, in 1/255 */
#define MAX_ITERS 1000000 /* per timed loop, however cheap an iteration is */

static Display *dpy;
static Window win;
static double loop_s = 0.25; /* target length of one timed loop */
static int reps = 3;         /* timed loops per workload */
static const char *cur_name; /* the workload being run, for "# check" lines */
static clockid_t clock_id = CLOCK_MONOTONIC; /* OXGL_BENCH_CPUTIME=1: CPU time */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(clock_id, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------------------ */
/* Measuring and checking                                                     */

/* Clears colour and depth and waits, so a loop starts on an idle renderer. */
static void clear_all(void)
{
    glClearColor(0, 0, 0, 0);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glFinish();
}

static double timed_loop(void (*prepare)(void), void (*draw)(long n), long n)
{
    prepare();
    double t0 = now_s();
    draw(n);
    glFinish();
    return now_s() - t0;
}

/*
 * Best seconds per iteration: one warm-up iteration (shader compilation and
 * the like), calibration until a loop takes at least half of loop_s, then
 * `reps` loops of about loop_s each. If the warm-up iteration alone took
 * loop_s or more, it is the result: a slow implementation then costs one
 * iteration per workload (one-time costs are small against such an
 * iteration), and a whole run stays short.
 */
static double measure(void (*prepare)(void), void (*draw)(long n))
{
    double warm = timed_loop(prepare, draw, 1);
    if (warm >= loop_s)
        return warm;
    long n = 1;
    double t;
    for (;;) {
        t = timed_loop(prepare, draw, n);
        if (t >= loop_s * 0.5 || n >= MAX_ITERS)
            break;
        double f = t > 0 ? loop_s / t : 100;
        f = f < 2 ? 2 : f > 100 ? 100 : f;
        n = (long)(n * f);
        if (n > MAX_ITERS)
            n = MAX_ITERS;
    }
    if (t > 0) {
        double scaled = n * (loop_s / t);
        n = scaled < 1 ? 1 : scaled > MAX_ITERS ? MAX_ITERS : (long)scaled;
    }
    double best = 1e30;
    for (int r = 0; r < reps; r++) {
        double s = timed_loop(prepare, draw, n) / n;
        if (s < best)
            best = s;
    }
    return best;
}

static int to_byte(float c)
{
    return (int)lroundf((c < 0 ? 0 : c > 1 ? 1 : c) * 255.0f);
}

/* 1 if the back buffer's pixel (x, y) is (r, g, b) within TOLERANCE. */
static int check_pixel(int x, int y, float r, float g, float b)
{
    GLubyte px[4] = {0, 0, 0, 0};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int want[3] = {to_byte(r), to_byte(g), to_byte(b)};
    for (int i = 0; i < 3; i++) {
        if (abs((int)px[i] - want[i]) > TOLERANCE) {
            printf("# check %s: pixel (%d,%d) is %d,%d,%d, expected %d,%d,%d\n", cur_name, x, y,
                   px[0], px[1], px[2], want[0], want[1], want[2]);
            return 0;
        }
    }
    return 1;
}

/* The state every workload starts from and leaves behind. */
static void base_state(void)
{
    glViewport(0, 0, WIN_W, WIN_H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, WIN_W, 0, WIN_H, -1, 1); /* window coordinates; depth = (1 - z) / 2 */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glDisable(GL_DITHER);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glDisable(GL_TEXTURE_2D);
    glDisable(GL_LIGHTING);
    glDisable(GL_CULL_FACE);
    glDisable(GL_NORMALIZE);
    glDepthFunc(GL_LESS);
    glShadeModel(GL_SMOOTH);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    glColor4f(1, 1, 1, 1);
    glReadBuffer(GL_BACK);
    glDrawBuffer(GL_BACK);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
}

/* ------------------------------------------------------------------------ */
/* Triangle rate: glDrawArrays(GL_TRIANGLES) of right triangles with legs    */
/* `leg` (area leg*leg/2), at pseudo-random places, one flat colour.         */

static const float TRI_COLOUR[3] = {0.2f, 0.6f, 1.0f};
static GLfloat *tri_xy;
static int tri_count;

static unsigned lcg_state;
static unsigned lcg(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 8;
}

/* Triangle i's corner is (xy[6i], xy[6i+1]); the others are +leg in x, y. */
static GLfloat *make_triangles(int count, int leg)
{
    GLfloat *xy = malloc(sizeof(GLfloat) * 6 * count);
    if (!xy) {
        perror("gl: malloc");
        exit(1);
    }
    lcg_state = 12345;
    for (int i = 0; i < count; i++) {
        float x = (float)(lcg() % (WIN_W - leg - 1));
        float y = (float)(lcg() % (WIN_H - leg - 1));
        GLfloat *v = xy + 6 * i;
        v[0] = x, v[1] = y;             /* counter-clockwise */
        v[2] = x + leg, v[3] = y;
        v[4] = x, v[5] = y + leg;
    }
    return xy;
}

/* 1 if triangles 0, count/2 and count-1 have the expected colour inside. */
static int check_triangles(const GLfloat *xy, int count, int leg, const float *c)
{
    int in = leg / 4; /* the centre of pixel (x+in, y+in) is well inside */
    int idx[3] = {0, count / 2, count - 1}, ok = 1;
    for (int k = 0; k < 3; k++) {
        const GLfloat *v = xy + 6 * idx[k];
        ok &= check_pixel((int)v[0] + in, (int)v[1] + in, c[0], c[1], c[2]);
    }
    return ok;
}

static void draw_tris(long n)
{
    for (long i = 0; i < n; i++)
        glDrawArrays(GL_TRIANGLES, 0, 3 * tri_count);
}

static double tri_rate(int leg, int count)
{
    tri_count = count;
    tri_xy = make_triangles(count, leg);
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, tri_xy);
    glColor3fv(TRI_COLOUR);
    double s = measure(clear_all, draw_tris);
    int ok = check_triangles(tri_xy, count, leg, TRI_COLOUR);
    glDisableClientState(GL_VERTEX_ARRAY);
    free(tri_xy);
    return ok ? count / s * 1e-6 : -1;
}

static double run_tri_small(void) { return tri_rate(4, 16384); }  /* 8 px */
static double run_tri_medium(void) { return tri_rate(20, 4096); } /* 200 px */
static double run_tri_large(void) { return tri_rate(200, 64); }   /* 20,000 px */

/* ------------------------------------------------------------------------ */
/* Fill rate: full-window quads (glDrawArrays(GL_QUADS, 0, 4)), one layer    */
/* per iteration.                                                             */

#define WIN_MPIX (WIN_W * WIN_H * 1e-6)

static GLfloat quad_xyz[4][3] = {{0, 0, 0}, {WIN_W, 0, 0}, {WIN_W, WIN_H, 0}, {0, WIN_H, 0}};
static long layers; /* layers drawn since the last clear_all */

static void quad_setup(void)
{
    for (int i = 0; i < 4; i++)
        quad_xyz[i][2] = 0;
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(3, GL_FLOAT, 0, quad_xyz);
}

static void clear_layers(void)
{
    clear_all();
    layers = 0;
}

/* flat: the colour alternates per layer, so the last layer is visible */
static const float FLAT_A[3] = {0.8f, 0.4f, 0.1f}, FLAT_B[3] = {0.1f, 0.7f, 0.3f};

static void draw_flat(long n)
{
    for (long i = 0; i < n; i++) {
        glColor3fv(layers++ & 1 ? FLAT_B : FLAT_A);
        glDrawArrays(GL_QUADS, 0, 4);
    }
}

static double run_flat(void)
{
    quad_setup();
    double s = measure(clear_layers, draw_flat);
    const float *c = (layers - 1) & 1 ? FLAT_B : FLAT_A;
    int ok = check_pixel(0, 0, c[0], c[1], c[2]) &
             check_pixel(WIN_W / 2, WIN_H / 2, c[0], c[1], c[2]) &
             check_pixel(WIN_W - 1, WIN_H - 1, c[0], c[1], c[2]);
    glDisableClientState(GL_VERTEX_ARRAY);
    return ok ? WIN_MPIX / s : -1;
}

/* smooth: left edge SMOOTH_L, right edge SMOOTH_R: the colour is linear in x */
static const float SMOOTH_L[3] = {1.0f, 0.0f, 0.2f}, SMOOTH_R[3] = {0.0f, 1.0f, 0.8f};

static void draw_quads(long n)
{
    for (long i = 0; i < n; i++)
        glDrawArrays(GL_QUADS, 0, 4);
}

static int check_smooth(int x, int y)
{
    float f = (x + 0.5f) / WIN_W, c[3];
    for (int i = 0; i < 3; i++)
        c[i] = SMOOTH_L[i] + (SMOOTH_R[i] - SMOOTH_L[i]) * f;
    return check_pixel(x, y, c[0], c[1], c[2]);
}

static double run_smooth(void)
{
    GLfloat rgb[4][3];
    for (int v = 0; v < 4; v++)
        memcpy(rgb[v], v == 1 || v == 2 ? SMOOTH_R : SMOOTH_L, sizeof rgb[v]);
    quad_setup();
    glEnableClientState(GL_COLOR_ARRAY);
    glColorPointer(3, GL_FLOAT, 0, rgb);
    glShadeModel(GL_SMOOTH);
    double s = measure(clear_all, draw_quads);
    int ok = check_smooth(0, 5) & check_smooth(WIN_W / 2, WIN_H / 2) &
             check_smooth(WIN_W - 1, WIN_H - 6) & check_smooth(300, 600);
    glDisableClientState(GL_COLOR_ARRAY);
    glDisableClientState(GL_VERTEX_ARRAY);
    return ok ? WIN_MPIX / s : -1;
}

/* textured: 8x8-texel checkerboard of TEX_A/TEX_B, repeated 4x3 over the
 * window so one texel covers one pixel, modulated with TEX_COLOUR */
static const GLubyte TEX_A[4] = {240, 128, 32, 255}, TEX_B[4] = {16, 200, 160, 255};
static const float TEX_COLOUR[4] = {1.0f, 0.75f, 0.5f, 1.0f};

static int check_texel(int x, int y)
{
    /* pixel (x, y) samples texel (x % 256, y % 256) at its centre */
    const GLubyte *t = ((x % 256) / 8 + (y % 256) / 8) & 1 ? TEX_B : TEX_A;
    return check_pixel(x, y, t[0] / 255.0f * TEX_COLOUR[0], t[1] / 255.0f * TEX_COLOUR[1],
                       t[2] / 255.0f * TEX_COLOUR[2]);
}

static double run_textured(void)
{
    static GLubyte texels[256][256][4];
    for (int y = 0; y < 256; y++)
        for (int x = 0; x < 256; x++)
            memcpy(texels[y][x], (x / 8 + y / 8) & 1 ? TEX_B : TEX_A, 4);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 256, 256, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glEnable(GL_TEXTURE_2D);
    GLfloat st[4][2] = {{0, 0}, {WIN_W / 256.0f, 0}, {WIN_W / 256.0f, WIN_H / 256.0f},
                        {0, WIN_H / 256.0f}};
    quad_setup();
    glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    glTexCoordPointer(2, GL_FLOAT, 0, st);
    glColor4fv(TEX_COLOUR);
    double s = measure(clear_all, draw_quads);
    int ok = check_texel(3, 3) & check_texel(11, 4) & check_texel(4, 12) &
             check_texel(WIN_W / 2 + 13, WIN_H / 2 + 2) & check_texel(WIN_W - 3, WIN_H - 4);
    glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(1, &tex);
    return ok ? WIN_MPIX / s : -1;
}

/* blended: BLEND_COLOUR at alpha 0.5 over black; after k layers the window is
 * BLEND_COLOUR * (1 - 0.5^k) */
static const float BLEND_COLOUR[4] = {0.2f, 0.8f, 0.6f, 0.5f};

static void draw_layers(long n)
{
    for (long i = 0; i < n; i++)
        glDrawArrays(GL_QUADS, 0, 4);
    layers += n;
}

static double run_blended(void)
{
    quad_setup();
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glColor4fv(BLEND_COLOUR);
    double s = measure(clear_layers, draw_layers);
    float k = 1 - (float)pow(0.5, (double)layers), c[3];
    for (int i = 0; i < 3; i++)
        c[i] = BLEND_COLOUR[i] * k;
    int ok = check_pixel(1, 1, c[0], c[1], c[2]) &
             check_pixel(WIN_W / 2, WIN_H / 2, c[0], c[1], c[2]) &
             check_pixel(WIN_W - 2, WIN_H - 2, c[0], c[1], c[2]);
    glDisable(GL_BLEND);
    glDisableClientState(GL_VERTEX_ARRAY);
    return ok ? WIN_MPIX / s : -1;
}

/* depth-pass: layer i has z = DEPTH_FAR_Z + i * DEPTH_STEP (window depth
 * decreasing by 32 units of 2^-24 per layer), so every layer passes GL_LESS;
 * the colour alternates per layer. */
#define DEPTH_FAR_Z (-0.99f)
#define DEPTH_STEP (1.0f / (1 << 18))
#define DEPTH_MAX_LAYERS 500000 /* then the depth buffer is cleared again */

static void set_quad_z(float z)
{
    for (int i = 0; i < 4; i++)
        quad_xyz[i][2] = z;
}

static void draw_depth_pass(long n)
{
    for (long i = 0; i < n; i++) {
        long k = layers++ % DEPTH_MAX_LAYERS;
        if (k == 0 && layers > 1)
            glClear(GL_DEPTH_BUFFER_BIT);
        set_quad_z(DEPTH_FAR_Z + k * DEPTH_STEP);
        glColor3fv(k & 1 ? FLAT_B : FLAT_A);
        glDrawArrays(GL_QUADS, 0, 4);
    }
}

static double run_depth_pass(void)
{
    quad_setup();
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    double s = measure(clear_layers, draw_depth_pass);
    const float *c = ((layers - 1) % DEPTH_MAX_LAYERS) & 1 ? FLAT_B : FLAT_A;
    int ok = check_pixel(0, 1, c[0], c[1], c[2]) &
             check_pixel(WIN_W / 2, WIN_H / 2, c[0], c[1], c[2]) &
             check_pixel(WIN_W - 1, WIN_H - 2, c[0], c[1], c[2]);
    glDisable(GL_DEPTH_TEST);
    glDisableClientState(GL_VERTEX_ARRAY);
    return ok ? WIN_MPIX / s : -1;
}

/* depth-fail: an untimed near layer in FLAT_A (z = 0.9), then timed layers in
 * FLAT_B behind it (z = -0.5) that all fail GL_LESS; FLAT_A must remain. */
static void prepare_depth_fail(void)
{
    clear_all();
    set_quad_z(0.9f);
    glColor3fv(FLAT_A);
    glDrawArrays(GL_QUADS, 0, 4);
    set_quad_z(-0.5f);
    glColor3fv(FLAT_B);
    glFinish();
}

static double run_depth_fail(void)
{
    quad_setup();
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    double s = measure(prepare_depth_fail, draw_quads);
    const float *c = FLAT_A;
    int ok = check_pixel(2, 0, c[0], c[1], c[2]) &
             check_pixel(WIN_W / 2, WIN_H / 2, c[0], c[1], c[2]) &
             check_pixel(WIN_W - 3, WIN_H - 1, c[0], c[1], c[2]);
    glDisable(GL_DEPTH_TEST);
    glDisableClientState(GL_VERTEX_ARRAY);
    return ok ? WIN_MPIX / s : -1;
}

/* ------------------------------------------------------------------------ */
/* Vertex rate: VERT_TRIS tiny triangles (legs 2) in one glBegin/glEnd,       */
/* glColor3f + glVertex3f per vertex; immediate, or compiled into a list.    */

#define VERT_TRIS 2048
static const float VERT_COLOUR[3] = {0.9f, 0.3f, 0.6f};
static GLfloat *vert_xy;
static GLuint vert_list;

static void emit_vertex_batch(void)
{
    float r = VERT_COLOUR[0], g = VERT_COLOUR[1], b = VERT_COLOUR[2];
    const GLfloat *v = vert_xy;
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < 3 * VERT_TRIS; i++, v += 2) {
        glColor3f(r, g, b);
        glVertex3f(v[0], v[1], 0.0f);
    }
    glEnd();
}

static void draw_immediate(long n)
{
    for (long i = 0; i < n; i++)
        emit_vertex_batch();
}

static void draw_dlist(long n)
{
    for (long i = 0; i < n; i++)
        glCallList(vert_list);
}

static double vertex_rate(int use_list)
{
    vert_xy = make_triangles(VERT_TRIS, 2);
    if (use_list) {
        vert_list = glGenLists(1);
        glNewList(vert_list, GL_COMPILE);
        emit_vertex_batch();
        glEndList();
    }
    double s = measure(clear_all, use_list ? draw_dlist : draw_immediate);
    /* legs 2: pixel (x, y) of each triangle's corner is inside */
    int ok = check_triangles(vert_xy, VERT_TRIS, 2, VERT_COLOUR);
    if (use_list)
        glDeleteLists(vert_list, 1);
    free(vert_xy);
    glColor4f(1, 1, 1, 1);
    return ok ? 3 * VERT_TRIS / s * 1e-6 : -1;
}

static double run_immediate(void) { return vertex_rate(0); }
static double run_dlist(void) { return vertex_rate(1); }

/* ------------------------------------------------------------------------ */
/* Indexed mesh: a 1000x1000-vertex grid over the window (1M vertices,       */
/* 1,996,002 triangles of under half a pixel) in vertex and index buffer     */
/* objects, drawn by one glDrawElements(GL_TRIANGLES, GL_UNSIGNED_INT), a     */
/* colour per vertex. Rate: distinct vertices per second (each index names   */
/* a vertex six times on average: an implementation that shades per index   */
/* does six times the vertex work).                                           */

#define MESH_N 1000
static const float MESH_COLOUR[3] = {0.3f, 0.8f, 0.5f};
static GLsizei mesh_indices;

typedef void (*gen_buffers_fn)(GLsizei, GLuint *);
typedef void (*bind_buffer_fn)(GLenum, GLuint);
typedef void (*buffer_data_fn)(GLenum, ptrdiff_t, const void *, GLenum);
typedef void (*delete_buffers_fn)(GLsizei, const GLuint *);

static void draw_mesh(long n)
{
    for (long i = 0; i < n; i++)
        glDrawElements(GL_TRIANGLES, mesh_indices, GL_UNSIGNED_INT, NULL);
}

static double run_mesh(void)
{
    gen_buffers_fn gen = (gen_buffers_fn)glXGetProcAddressARB((const GLubyte *)"glGenBuffers");
    bind_buffer_fn bind = (bind_buffer_fn)glXGetProcAddressARB((const GLubyte *)"glBindBuffer");
    buffer_data_fn data = (buffer_data_fn)glXGetProcAddressARB((const GLubyte *)"glBufferData");
    delete_buffers_fn del =
        (delete_buffers_fn)glXGetProcAddressARB((const GLubyte *)"glDeleteBuffers");
    if (!gen || !bind || !data || !del)
        return -1;
    const int n = MESH_N, cells = (MESH_N - 1) * (MESH_N - 1);
    GLfloat *v = malloc(sizeof(GLfloat) * 6 * n * n);
    GLuint *ix = malloc(sizeof(GLuint) * 6 * cells);
    if (!v || !ix)
        return -1;
    for (int y = 0; y < n; y++) {
        for (int x = 0; x < n; x++) {
            GLfloat *p = v + 6 * (y * n + x);
            p[0] = x * (float)WIN_W / (n - 1);
            p[1] = y * (float)WIN_H / (n - 1);
            p[2] = 0;
            p[3] = MESH_COLOUR[0];
            p[4] = MESH_COLOUR[1];
            p[5] = MESH_COLOUR[2];
        }
    }
    mesh_indices = 0;
    for (int y = 0; y + 1 < n; y++) {
        for (int x = 0; x + 1 < n; x++) {
            GLuint a = y * n + x, b = a + 1, c = a + n, d = c + 1;
            GLuint q[6] = {a, b, d, a, d, c};
            memcpy(ix + mesh_indices, q, sizeof(q));
            mesh_indices += 6;
        }
    }
    GLuint bufs[2];
    gen(2, bufs);
    bind(GL_ARRAY_BUFFER, bufs[0]);
    data(GL_ARRAY_BUFFER, sizeof(GLfloat) * 6 * n * n, v, GL_STATIC_DRAW);
    bind(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
    data(GL_ELEMENT_ARRAY_BUFFER, sizeof(GLuint) * 6 * cells, ix, GL_STATIC_DRAW);
    free(v);
    free(ix);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(3, GL_FLOAT, 6 * sizeof(GLfloat), NULL);
    glColorPointer(3, GL_FLOAT, 6 * sizeof(GLfloat), (const void *)(3 * sizeof(GLfloat)));
    double s = measure(clear_all, draw_mesh);
    int ok = check_pixel(100, 100, MESH_COLOUR[0], MESH_COLOUR[1], MESH_COLOUR[2]) &&
             check_pixel(WIN_W - 7, WIN_H - 9, MESH_COLOUR[0], MESH_COLOUR[1], MESH_COLOUR[2]);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    bind(GL_ARRAY_BUFFER, 0);
    bind(GL_ELEMENT_ARRAY_BUFFER, 0);
    del(2, bufs);
    return ok ? (double)n * n / s * 1e-6 : -1;
}

/* ------------------------------------------------------------------------ */
/* glxgears: the same gears, lighting, view and projection as Mesa's demo    */
/* (written anew here), in the 1024x768 window.                               */

/* One gear around the z axis: a front and a back face (annulus r0..r1 plus
 * the teeth's fronts), the teeth's outward faces and the inner cylinder.
 * Flat-shaded except the inner cylinder. */
static void gear(float r_inner, float r_outer, float width, int teeth, float tooth_depth)
{
    const float r0 = r_inner, r1 = r_outer - tooth_depth / 2, r2 = r_outer + tooth_depth / 2;
    const float half = width / 2, step = 2 * (float)M_PI / teeth, da = step / 4;
    int i;

    glShadeModel(GL_FLAT);
    /* front face (+z): the annulus, then the teeth */
    glNormal3f(0, 0, 1);
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        float a = i * step;
        glVertex3f(r0 * cosf(a), r0 * sinf(a), half);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), half);
        if (i < teeth) {
            glVertex3f(r0 * cosf(a), r0 * sinf(a), half);
            glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), half);
        }
    }
    glEnd();
    glBegin(GL_QUADS);
    for (i = 0; i < teeth; i++) {
        float a = i * step;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), half);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), half);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), half);
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), half);
    }
    glEnd();

    /* back face (-z), wound the other way */
    glNormal3f(0, 0, -1);
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        float a = i * step;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -half);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), -half);
        if (i < teeth) {
            glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -half);
            glVertex3f(r0 * cosf(a), r0 * sinf(a), -half);
        }
    }
    glEnd();
    glBegin(GL_QUADS);
    for (i = 0; i < teeth; i++) {
        float a = i * step;
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -half);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), -half);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), -half);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -half);
    }
    glEnd();

    /* outward faces of the teeth: rising flank, top land, falling flank,
     * bottom land, each with its own normal */
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i < teeth; i++) {
        float a = i * step, u, v, len;
        glVertex3f(r1 * cosf(a), r1 * sinf(a), half);
        glVertex3f(r1 * cosf(a), r1 * sinf(a), -half);
        u = r2 * cosf(a + da) - r1 * cosf(a);
        v = r2 * sinf(a + da) - r1 * sinf(a);
        len = sqrtf(u * u + v * v);
        glNormal3f(v / len, -u / len, 0);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), half);
        glVertex3f(r2 * cosf(a + da), r2 * sinf(a + da), -half);
        glNormal3f(cosf(a), sinf(a), 0);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), half);
        glVertex3f(r2 * cosf(a + 2 * da), r2 * sinf(a + 2 * da), -half);
        u = r1 * cosf(a + 3 * da) - r2 * cosf(a + 2 * da);
        v = r1 * sinf(a + 3 * da) - r2 * sinf(a + 2 * da);
        glNormal3f(v, -u, 0); /* unnormalized, as in glxgears (GL_NORMALIZE fixes it) */
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), half);
        glVertex3f(r1 * cosf(a + 3 * da), r1 * sinf(a + 3 * da), -half);
        glNormal3f(cosf(a), sinf(a), 0);
    }
    glVertex3f(r1, 0, half);
    glVertex3f(r1, 0, -half);
    glEnd();

    /* inner cylinder, smooth-shaded, normals pointing at the axis */
    glShadeModel(GL_SMOOTH);
    glBegin(GL_QUAD_STRIP);
    for (i = 0; i <= teeth; i++) {
        float a = i * step;
        glNormal3f(-cosf(a), -sinf(a), 0);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), -half);
        glVertex3f(r0 * cosf(a), r0 * sinf(a), half);
    }
    glEnd();
}

/* glxgears' scene: light direction, materials, gear placement and view */
static const GLfloat GEAR_LIGHT[4] = {5, 5, 10, 0};
static const GLfloat GEAR_MAT[3][4] = {{0.8f, 0.1f, 0.0f, 1}, {0.0f, 0.8f, 0.2f, 1},
                                       {0.2f, 0.2f, 1.0f, 1}};
static const float GEAR_POS[3][2] = {{-3.0f, -2.0f}, {3.1f, -2.0f}, {-3.1f, 4.2f}};
#define VIEW_ROTX 20.0f
#define VIEW_ROTY 30.0f
static GLuint gear_list[3];
static float gear_angle;

static void gears_frame(void)
{
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glPushMatrix();
    glRotatef(VIEW_ROTX, 1, 0, 0);
    glRotatef(VIEW_ROTY, 0, 1, 0);
    const float rot[3] = {gear_angle, -2 * gear_angle - 9, -gear_angle - 25};
    for (int g = 0; g < 3; g++) {
        glPushMatrix();
        glTranslatef(GEAR_POS[g][0], GEAR_POS[g][1], 0);
        glRotatef(rot[g], 0, 0, 1);
        glCallList(gear_list[g]);
        glPopMatrix();
    }
    glPopMatrix();
    gear_angle += 2; /* glxgears turns 70 degrees a second; here 2 a frame */
    if (gear_angle >= 360)
        gear_angle -= 360;
}

static void draw_gears(long n)
{
    for (long i = 0; i < n; i++) {
        gears_frame();
        glXSwapBuffers(dpy, win);
    }
}

static void no_prepare(void) {}

/*
 * A point of gear g's front face at radius r, direction phi (degrees): the
 * annulus r_inner..r_outer - tooth_depth/2 is the same whatever the gear's
 * rotation. Projects it like the GL does and predicts its lit colour: the
 * face's normal is (0,0,1) rotated by the view; colour = material *
 * (0.2 global ambient + max(N.L, 0)), light 0 being white at infinity.
 */
static int check_gear(int g, float r, float phi_deg, float half_width)
{
    const float d2r = (float)M_PI / 180;
    float phi = phi_deg * d2r, ax = VIEW_ROTX * d2r, ay = VIEW_ROTY * d2r;
    float p[3] = {GEAR_POS[g][0] + r * cosf(phi), GEAR_POS[g][1] + r * sinf(phi), half_width};
    float n[3] = {0, 0, 1};
    float *vs[2] = {p, n};
    for (int k = 0; k < 2; k++) {
        float *v = vs[k], x = v[0], y = v[1], z = v[2];
        /* rotate about y, then about x (glRotatef(rotx) is applied last) */
        float x1 = x * cosf(ay) + z * sinf(ay), z1 = -x * sinf(ay) + z * cosf(ay);
        float y2 = y * cosf(ax) - z1 * sinf(ax), z2 = y * sinf(ax) + z1 * cosf(ax);
        v[0] = x1, v[1] = y2, v[2] = z2;
    }
    p[2] -= 40; /* glTranslatef(0, 0, -40) */
    const float h = (float)WIN_H / WIN_W;
    float xn = 5 * p[0] / -p[2], yn = 5 * p[1] / (h * -p[2]); /* glFrustum(-1,1,-h,h,5,60) */
    int px = (int)floorf((xn + 1) * WIN_W / 2), py = (int)floorf((yn + 1) * WIN_H / 2);
    float l[3] = {GEAR_LIGHT[0], GEAR_LIGHT[1], GEAR_LIGHT[2]};
    float ll = sqrtf(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
    float ndotl = (n[0] * l[0] + n[1] * l[1] + n[2] * l[2]) / ll;
    float k = 0.2f + (ndotl > 0 ? ndotl : 0);
    return check_pixel(px, py, GEAR_MAT[g][0] * k, GEAR_MAT[g][1] * k, GEAR_MAT[g][2] * k);
}

static double run_gears(void)
{
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glLightfv(GL_LIGHT0, GL_POSITION, GEAR_LIGHT); /* eye space, like glxgears */
    glEnable(GL_CULL_FACE);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_NORMALIZE);
    const float shape[3][5] = {{1.0f, 4.0f, 1.0f, 20, 0.7f},
                               {0.5f, 2.0f, 2.0f, 10, 0.7f},
                               {1.3f, 2.0f, 0.5f, 10, 0.7f}};
    for (int g = 0; g < 3; g++) {
        gear_list[g] = glGenLists(1);
        glNewList(gear_list[g], GL_COMPILE);
        glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, GEAR_MAT[g]);
        gear(shape[g][0], shape[g][1], shape[g][2], (int)shape[g][3], shape[g][4]);
        glEndList();
    }
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -(double)WIN_H / WIN_W, (double)WIN_H / WIN_W, 5, 60);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0, 0, -40);
    gear_angle = 0;

    double s = measure(no_prepare, draw_gears);

    /* one more frame, not swapped, to read back */
    gears_frame();
    glFinish();
    int ok = check_gear(0, 2.3f, 225, 0.5f) & check_gear(1, 1.1f, -45, 1.0f) &
             check_gear(2, 1.475f, 135, 0.25f) & check_pixel(WIN_W - 3, WIN_H - 3, 0, 0, 0);

    glDeleteLists(gear_list[0], 1);
    glDeleteLists(gear_list[1], 1);
    glDeleteLists(gear_list[2], 1);
    glDisable(GL_LIGHT0);
    return ok ? 1 / s : -1;
}

/* ------------------------------------------------------------------------ */

struct workload {
    const char *name, *group, *unit;
    double (*run)(void); /* rate in `unit`, or < 0 if the check failed */
};

static const struct workload workloads[] = {
    {"tri-small", "tri", "Mtri/s", run_tri_small},
    {"tri-medium", "tri", "Mtri/s", run_tri_medium},
    {"tri-large", "tri", "Mtri/s", run_tri_large},
    {"flat", "fill", "Mpix/s", run_flat},
    {"smooth", "fill", "Mpix/s", run_smooth},
    {"textured", "fill", "Mpix/s", run_textured},
    {"blended", "fill", "Mpix/s", run_blended},
    {"depth-pass", "fill", "Mpix/s", run_depth_pass},
    {"depth-fail", "fill", "Mpix/s", run_depth_fail},
    {"immediate", "vertex", "Mverts/s", run_immediate},
    {"dlist", "vertex", "Mverts/s", run_dlist},
    {"mesh", "vertex", "Mverts/s", run_mesh},
    {"gears", "gears", "frames/s", run_gears},
};
#define N_WORKLOADS (int)(sizeof workloads / sizeof workloads[0])

/* 1 if `name` or `group` is in the comma-separated `list` */
static int selected(const char *list, const char *name, const char *group)
{
    size_t ln = strlen(name), lg = strlen(group);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if ((len == ln && !strncmp(p, name, len)) || (len == lg && !strncmp(p, group, len)))
            return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static void usage(FILE *f, const char *argv0)
{
    fprintf(f, "usage: %s [--quick] [--only NAME[,NAME...]] [--list]\nworkloads:", argv0);
    for (int i = 0; i < N_WORKLOADS; i++)
        fprintf(f, " %s", workloads[i].name);
    fprintf(f, "\ngroups: tri fill vertex gears\n");
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    int list = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            loop_s = 0.03;
            reps = 1;
        } else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else if (!strcmp(argv[i], "--list")) {
            list = 1;
        } else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            usage(stdout, argv[0]);
            return 0;
        } else {
            usage(stderr, argv[0]);
            return 2;
        }
    }
    if (only) {
        /* every listed name must exist */
        for (const char *p = only; *p;) {
            size_t len = strcspn(p, ",");
            int found = 0;
            for (int w = 0; w < N_WORKLOADS && !found; w++) {
                char one[64];
                snprintf(one, sizeof one, "%.*s", (int)len, p);
                found = selected(one, workloads[w].name, workloads[w].group);
            }
            if (!found) {
                fprintf(stderr, "gl: unknown workload '%.*s'\n", (int)len, p);
                usage(stderr, argv[0]);
                return 2;
            }
            p += len + (p[len] == ',');
        }
    }

    const char *cputime = getenv("OXGL_BENCH_CPUTIME");
    if (cputime && !strcmp(cputime, "1"))
        clock_id = CLOCK_PROCESS_CPUTIME_ID;

    if (list) { /* after checking --only, so this also validates the arguments */
        for (int w = 0; w < N_WORKLOADS; w++)
            if (!only || selected(only, workloads[w].name, workloads[w].group))
                printf("%s %s\n", workloads[w].name, workloads[w].unit);
        return 0;
    }

    dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "gl: cannot open display\n");
        return 1;
    }
    int attribs[] = {GLX_RGBA,       GLX_DOUBLEBUFFER, GLX_RED_SIZE,   8, GLX_GREEN_SIZE, 8,
                     GLX_BLUE_SIZE,  8,                GLX_DEPTH_SIZE, 24, None};
    XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
    if (!vi) {
        fprintf(stderr, "gl: no double-buffered RGB8 visual with a 24-bit depth buffer\n");
        return 1;
    }
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes swa = {0};
    swa.colormap = XCreateColormap(dpy, root, vi->visual, AllocNone);
    swa.event_mask = StructureNotifyMask;
    win = XCreateWindow(dpy, root, 0, 0, WIN_W, WIN_H, 0, vi->depth, InputOutput, vi->visual,
                        CWColormap | CWEventMask, &swa);
    XMapWindow(dpy, win);
    for (XEvent ev;;) { /* wait until the window is mapped */
        XNextEvent(dpy, &ev);
        if (ev.type == MapNotify && ev.xmap.window == win)
            break;
    }
    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
        fprintf(stderr, "gl: cannot create or bind a GLX context\n");
        return 1;
    }

    Dl_info info;
    printf("# lib %s\n",
           dladdr((void *)glGetError, &info) && info.dli_fname ? info.dli_fname : "?");
    printf("# vendor %s\n", (const char *)glGetString(GL_VENDOR));
    printf("# renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("# window %dx%d\n", WIN_W, WIN_H);
    printf("# loop %.2f s%s x %d, best loop reported\n", loop_s,
           clock_id == CLOCK_MONOTONIC ? "" : " of process CPU time", reps);
    fflush(stdout);

    while (glGetError() != GL_NO_ERROR) {
    }
    for (int w = 0; w < N_WORKLOADS; w++) {
        if (only && !selected(only, workloads[w].name, workloads[w].group))
            continue;
        cur_name = workloads[w].name;
        base_state();
        double rate = workloads[w].run();
        GLenum err;
        while ((err = glGetError()) != GL_NO_ERROR)
            printf("# glerror %s: 0x%04x\n", cur_name, err);
        if (rate >= 0)
            printf("%s %s %.4g\n", cur_name, workloads[w].unit, rate);
        else
            printf("%s %s not drawn\n", cur_name, workloads[w].unit);
        fflush(stdout);
    }

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XFree(vi);
    XCloseDisplay(dpy);
    return 0;
}
