# Timing helpers for the import benchmarks, sourced by bench/epub-import.sh
# and bench/document-import.sh. They need $scratch (a temporary folder) and
# $bench (the script's name, for messages).

# run NAME COMMAND...: one timed run of COMMAND (standard output dropped);
# appends "microseconds peak_kb" to $scratch/NAME.runs. Wall time is read
# from bash's $EPOCHREALTIME, so no process of the harness's own (a `date`,
# /usr/bin/time) is timed with the command: those cost 4 ms a run here,
# a tenth of a fast import. The peak is /usr/bin/time's "maximum resident
# set size" of one more run, untimed, after the first timed one.
run() {
    local name=$1
    shift
    local start=$EPOCHREALTIME end
    "$@" >/dev/null 2>"$scratch/stderr" \
        || { echo "$bench: $name failed:" >&2; cat "$scratch/stderr" >&2; exit 1; }
    end=$EPOCHREALTIME
    [[ -f $scratch/$name.peak ]] || {
        /usr/bin/time -f "%M" -o "$scratch/rss" "$@" >/dev/null 2>"$scratch/stderr" \
            || { echo "$bench: $name failed:" >&2; cat "$scratch/stderr" >&2; exit 1; }
        tail -n 1 "$scratch/rss" >"$scratch/$name.peak"
    }
    echo "$(( ${end//[.,]/} - ${start//[.,]/} )) $(<"$scratch/$name.peak")" >>"$scratch/$name.runs"
}

# median_and_peak NAME: prints "median_us peak_kb" of NAME's runs, or "- -"
# when NAME did not run.
median_and_peak() {
    [[ -f $scratch/$1.runs ]] || { echo "- -"; return; }
    local median peak
    median=$(cut -d' ' -f1 "$scratch/$1.runs" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    peak=$(cut -d' ' -f2 "$scratch/$1.runs" | sort -n | tail -n 1)
    echo "$median $peak"
}
