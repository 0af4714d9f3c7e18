#!/bin/sh
# Rebuilds the odometer reader's nets from the TRODO photos (issue 24): npm run train-odometer-reader.
# Needs python3 with torch, numpy and PIL (Debian: python3-torch python3-numpy python3-pil) and the public
# mirror's trodo-v01/ and dataset/images/test in TRODO_DIR (default scripts/odometer-reader/trodo; README,
# "The odometer reader"). Takes about a quarter of an hour on two cores (12 minutes here); writes api/odometer/reader/*.onnx.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
trodo=${TRODO_DIR:-$here/trodo}
python=${PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the split is committed: rebuilding it must give the same file (a change means the labels moved)
"$python" "$here/trodo.py" "$trodo" "$work/split.json"
cmp "$work/split.json" "$here/split.json" || { echo "split.json differs from the photos' labels; review and commit it first" >&2; exit 1; }
node "$here/drawn.ts" "$work/drawn" 400
# the three nets train at once, one core each
for net in locator a b; do
  TRAIN_THREADS=1 "$python" "$here/train.py" "$trodo" "$work/nets" --drawn "$work/drawn" --only "$net" > "$work/$net.log" 2>&1 &
done
wait
tail -n 1 "$work"/*.log
cp "$work"/nets/*.onnx "$here/../../api/odometer/reader/"
echo "api/odometer/reader: $(ls "$work/nets")"
