/* The yardstick of `solve --all` (issue 27): only format and write the same output.
 * Reads move lists as bytes (0 to 8 for R R' R2 U U' U2 F F' F2, 9 ends a solution,
 * 10 ends a line; benches/paired.py makes the file from a real --all output) and
 * writes them as pocket does: moves joined by spaces, solutions by ", ", a line each.
 *
 *     cc -O2 -o /tmp/format-floor benches/format-floor.c
 *     /tmp/format-floor moves.bin > /dev/null
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each name padded to two bytes, with its length: a fixed two-byte copy a move. */
static const char NAMES[9][2] = {"R ", "R'", "R2", "U ", "U'", "U2", "F ", "F'", "F2"};
static const unsigned char LENGTHS[9] = {1, 2, 2, 1, 2, 2, 1, 2, 2};

int main(int argc, char **argv) {
    if (argc != 2)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 1;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *in = malloc(n > 0 ? n : 1);
    if (!in || fread(in, 1, n, f) != (size_t)n)
        return 1;
    fclose(f);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    int first_move = 1, first_solution = 1;
    for (long i = 0; i < n; i++) {
        if (len + 8 > cap) {
            if (write(1, out, len) < 0)
                return 1;
            len = 0;
        }
        unsigned char b = in[i];
        if (b == 10) {
            out[len++] = '\n';
            first_move = first_solution = 1;
        } else if (b == 9) {
            first_move = 1;
            first_solution = 0;
        } else {
            if (!first_move) {
                out[len++] = ' ';
            } else if (!first_solution) {
                out[len++] = ',';
                out[len++] = ' ';
            }
            if (b > 8)
                return 1;
            memcpy(out + len, NAMES[b], 2);
            len += LENGTHS[b];
            first_move = 0;
        }
    }
    if (len && write(1, out, len) < 0)
        return 1;
    return 0;
}
