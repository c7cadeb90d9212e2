// Cairn's rain scene (examples/scenes/rain.scene: 1000 unit boxes in ten layers over a 100 m
// ground, 60 Hz, 4 substeps, sleep off, default materials) written through Box3D's C API and timed
// as `cairn bench` times it: a fresh world per repeat, step 0 untimed, the mean of steps 1..N-1,
// the median over the repeats; with Box3D's own stage profile (b3World_GetProfile) per repeat.
// docs/performance.md compares it with Cairn on the same machine. Build against a Box3D checkout
// (its scalar build: -DBOX3D_DISABLE_SIMD=ON), from that checkout:
//
//   cmake -S . -B build-scalar -DCMAKE_BUILD_TYPE=Release -DBOX3D_DISABLE_SIMD=ON
//       -DBOX3D_SAMPLES=OFF -DBOX3D_UNIT_TESTS=OFF -DBOX3D_BENCHMARKS=ON        (one line)
//   cmake --build build-scalar -j2
//   gcc -O2 -std=gnu17 -Iinclude CAIRN/scripts/box3d/rain.c build-scalar/src/libbox3d.a -lm -lpthread -o rain
//   ./rain 300 5                        (steps, repeats; then build-scalar/bin/benchmark -t=1 -w=1
//                                        --benchmark=large_pyramid -r=3 for Box3D's own scenes)
#include "box3d/box3d.h"
#include "box3d/math_functions.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec * 1e-6; }
static int cmp(const void* a, const void* b) { double x = *(const double*)a, y = *(const double*)b; return x < y ? -1 : x > y; }
int main(int argc, char** argv) {
    int steps = argc > 1 ? atoi(argv[1]) : 300, repeats = argc > 2 ? atoi(argv[2]) : 5;
    if (steps < 2 || repeats < 1 || repeats > 64) {
        fprintf(stderr, "usage: rain [STEPS >= 2] [REPEATS in 1..64]\n");
        return 2;
    }
    double ms[64]; double stage[64][8];
    const float deg = 3.14159265358979f / 180.0f;
    for (int r = 0; r < repeats; r++) {
        b3WorldDef wd = b3DefaultWorldDef();
        wd.gravity = (b3Vec3){0.0f, -9.81f, 0.0f};
        wd.enableSleep = false;
        b3WorldId world = b3CreateWorld(&wd);
        b3BodyDef gd = b3DefaultBodyDef();
        gd.position = (b3Pos){0.0f, -1.0f, 0.0f};
        b3BodyId ground = b3CreateBody(world, &gd);
        b3BoxHull gbox = b3MakeBoxHull(50.0f, 1.0f, 50.0f);
        b3ShapeDef sd = b3DefaultShapeDef();
        b3CreateHullShape(ground, &sd, &gbox.base);
        b3BoxHull box = b3MakeBoxHull(0.5f, 0.5f, 0.5f);
        for (int layer = 0; layer < 10; layer++)
            for (int i = 0; i < 10; i++)
                for (int k = 0; k < 10; k++) {
                    b3BodyDef bd = b3DefaultBodyDef();
                    bd.type = b3_dynamicBody;
                    bd.position = (b3Pos){2.0f * i - 9.0f + 0.1f * layer, 2.0f * layer + 4.0f, 2.0f * k - 9.0f - 0.07f * layer};
                    b3Quat qx = b3MakeQuatFromAxisAngle((b3Vec3){1, 0, 0}, 7.0f * deg * i);
                    b3Quat qy = b3MakeQuatFromAxisAngle((b3Vec3){0, 1, 0}, 11.0f * deg * k);
                    b3Quat qz = b3MakeQuatFromAxisAngle((b3Vec3){0, 0, 1}, 13.0f * deg * layer);
                    bd.rotation = b3MulQuat(b3MulQuat(qx, qy), qz);
                    b3BodyId body = b3CreateBody(world, &bd);
                    b3CreateHullShape(body, &sd, &box.base);
                }
        b3World_Step(world, 1.0f / 60.0f, 4);
        double sum[8] = {0};
        double t0 = now();
        for (int s = 1; s < steps; s++) {
            b3World_Step(world, 1.0f / 60.0f, 4);
            b3Profile p = b3World_GetProfile(world);
            sum[0] += p.pairs; sum[1] += p.collide; sum[2] += p.prepareConstraints; sum[3] += p.warmStart;
            sum[4] += p.solveImpulses; sum[5] += p.relaxImpulses; sum[6] += p.integratePositions; sum[7] += p.step;
        }
        ms[r] = (now() - t0) / (steps - 1);
        for (int j = 0; j < 8; j++) stage[r][j] = sum[j] / (steps - 1);
        printf("repeat %d: %.3f ms per step (pairs %.3f collide %.3f prepare %.3f warm %.3f solve %.3f relax %.3f intpos %.3f)\n", r + 1, ms[r],
               stage[r][0], stage[r][1], stage[r][2], stage[r][3], stage[r][4], stage[r][5], stage[r][6]);
        b3DestroyWorld(world);
    }
    qsort(ms, repeats, sizeof(double), cmp);
    printf("median %.3f ms per step, min %.3f\n", ms[repeats / 2], ms[0]);
    return 0;
}
