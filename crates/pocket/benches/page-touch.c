/* What a fresh page costs a process on this machine: map n anonymous pages and write
 * one byte in each (mode 0), with MAP_POPULATE (1), or with MADV_POPULATE_WRITE (2).
 * Paired against n = 0 it gives the cost of a page, which a fresh `pocket solve`
 * pays about 150 times in its first search (docs/performance.md).
 *
 *     cc -O2 -static -o /tmp/page-touch benches/page-touch.c
 *     /tmp/page-touch 200 0
 */
#include <stdlib.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 0;
    int mode = argc > 2 ? atoi(argv[2]) : 0;
    if (n <= 0)
        return 0;
    int flags = MAP_PRIVATE | MAP_ANONYMOUS | (mode == 1 ? MAP_POPULATE : 0);
    char *p = mmap(0, n * 4096, PROT_READ | PROT_WRITE, flags, -1, 0);
    if (p == MAP_FAILED)
        return 1;
    if (mode == 2)
        madvise(p, n * 4096, MADV_POPULATE_WRITE);
    for (long i = 0; i < n; i++)
        p[i * 4096] = 1;
    return 0;
}
