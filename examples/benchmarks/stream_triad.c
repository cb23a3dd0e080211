/* STREAM triad a[i] = b[i] + s * c[i] with OpenMP: the machine's practical memory bandwidth.
 * Built and run by suite.py (cc -O3 -march=native -fopenmp). Prints the best of `repeat` runs
 * in GB/s, counting 24 bytes per element as STREAM does. Usage: stream_triad N REPEAT */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 20000000L;
  int repeat = argc > 2 ? atoi(argv[2]) : 10;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
  if (!a || !b || !c)
    return 1;
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  double best = 1e30;
  for (int r = 0; r < repeat; ++r) {
    double t0 = omp_get_wtime();
#pragma omp parallel for
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + 3.0 * c[i];
    double t = omp_get_wtime() - t0;
    if (t < best)
      best = t;
  }
  printf("%.3f\n", 24.0 * n / best / 1e9);
  return a[n / 2] == 7.0 ? 0 : 2;
}
