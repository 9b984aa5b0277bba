/* hot.h — a function compiled twice on x86-64 with gcc or clang: for
   processors since 2013 (x86-64-v3: AVX2, BMI; three-operand vector
   instructions, andn, blsr, tzcnt) and for any x86-64; the loader takes
   the one the processor runs (an ifunc). For bitdlx's take steps
   (docs/speed.md); the build's own flags stay portable. */
#ifndef PC_HOT_H
#define PC_HOT_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__linux__)
#define PC_HOT_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define PC_HOT_CLONES
#endif

#endif
