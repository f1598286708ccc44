#!/usr/bin/env bash
# Submits a sharded fortunes run: an array of SHARDS tasks, then the merge,
# which starts only if every task succeeded (afterok).
#
#   deploy/slurm/submit.sh experiments/NAME.toml 16 [sbatch options...]
#
# Environment as array.sbatch (PARTS, OUT, FORTUNES, ROUND, FORTUNES_ARGS).
# With --wait among the options, it returns when the merge has finished,
# with the merge's exit status.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
experiment="${1:?usage: submit.sh EXPERIMENT SHARDS [sbatch options...]}"
shards="${2:?usage: submit.sh EXPERIMENT SHARDS [sbatch options...]}"
shift 2
array_options=()
wait=()
for option in "$@"; do
    if [ "$option" = --wait ]; then wait=(--wait); else array_options+=("$option"); fi
done
export EXPERIMENT="$experiment"
array=$(sbatch --parsable --array="0-$((shards - 1))" --export=ALL "${array_options[@]}" "$here/array.sbatch")
array="${array%%;*}"
echo "array job $array: $shards shards of $experiment" >&2
exec sbatch "${wait[@]}" --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes \
    --export=ALL "${array_options[@]}" "$here/merge.sbatch"
