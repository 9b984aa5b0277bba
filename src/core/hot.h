/* hot.h — a function compiled twice on x86-64 with gcc or clang: for
   processors since 2013 (x86-64-v3: AVX2, BMI; three-operand vector
   instructions, andn, blsr, tzcnt) and for any x86-64; the loader takes
   the one the processor runs (an ifunc). For bitdlx's take steps
   (docs/speed.md); the build's own flags stay portable.

   PC_HOT_VECTOR: a function compiled for AVX-512 with VBMI2 (Intel since
   Ice Lake, AMD since Zen 4), whose compress instructions write the set
   bits of a word as a list of their positions; its caller picks it
   where pc_hot_vector_runs() (and keeps a portable one beside it). */
#ifndef PC_HOT_H
#define PC_HOT_H

#include <stdbool.h>

/* Not under ThreadSanitizer (make TSAN=1): the loader runs an ifunc's
   resolver before the sanitizer's runtime is up, and its instrumented
   code crashes there. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && defined(__linux__) && \
    !defined(__SANITIZE_THREAD__)
#define PC_HOT_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#define PC_HOT_VECTOR \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi2,bmi,bmi2,popcnt")))
static inline bool pc_hot_vector_runs(void)
{
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi2") &&
         __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") &&
         __builtin_cpu_supports("popcnt");
}
#else
#define PC_HOT_CLONES
static inline bool pc_hot_vector_runs(void) { return false; }
#endif

/* PC_HOT_SCALAR_STORES: a function whose short runs of scalar stores gcc
   must not pack into vectors. Its SLP vectorizer builds bitdlx's listed
   option indices into a vector lane by lane (an insert each) for one
   store, slower than the plain stores on processors without AVX-512's
   compress (docs/speed.md); clang has no such attribute. */
#if defined(__GNUC__) && !defined(__clang__)
#define PC_HOT_SCALAR_STORES __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define PC_HOT_SCALAR_STORES
#endif

#endif
