#!/bin/sh
# Run two pocket binaries on definition files (twsearch's samples, pocket's fixtures,
# the corpus) and compare what each prints, byte for byte: the census (or its
# refusal), as tables and JSON, and the file written out again in both formats. A redesign of
# how files are read keeps this quiet. Usage:
#
#   scripts/compare-definitions.sh OLD NEW FILE...
#
# e.g. with twsearch's samples (git archive 0a8bfb07 samples | tar -x -C /tmp/tw):
#   scripts/compare-definitions.sh /tmp/old target/release/pocket \
#       /tmp/tw/samples/*/*.tws /tmp/tw/samples/json/*.json fixtures/puzzles/* \
#       tests/corpus/definitions/*
# Each command has 20 s; one that runs out in both is counted, not compared.
# Exit status 1 when anything differs.
old=$1 new=$2
shift 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
same=0 differ=0 slow=0
for f in "$@"; do
    for cmd in "census --metric htm --puzzle" "census --json --puzzle" \
        "puzzles --export tws" "puzzles --export kpuzzle"; do
        for which in old new; do
            eval "bin=\$$which"
            # shellcheck disable=SC2086
            timeout 20 "$bin" $cmd "$f" >"$out/$which.out" 2>"$out/$which.err"
            echo "exit $?" >>"$out/$which.err"
        done
        if grep -q "^exit 124" "$out/old.err" && grep -q "^exit 124" "$out/new.err"; then
            slow=$((slow + 1))
        elif cmp -s "$out/old.out" "$out/new.out" && cmp -s "$out/old.err" "$out/new.err"; then
            same=$((same + 1))
        else
            differ=$((differ + 1))
            echo "DIFFERS: $cmd $f"
            diff "$out/old.err" "$out/new.err" | head -6
            diff "$out/old.out" "$out/new.out" | head -6
        fi
    done
done
echo "$same equal, $differ different, $slow out of time in both"
[ "$differ" -eq 0 ]
