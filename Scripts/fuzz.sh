#!/bin/sh
# Builds the libFuzzer targets for the RSS, OPML and catalog JSON readers and runs each for a while.
#
#   Scripts/fuzz.sh [seconds-per-target] [target ...]     targets: rss opml catalog (default: all three)
#
# Needs a Swift toolchain whose swiftc supports -sanitize=fuzzer (the Linux toolchains do). Not run by CI.
# The seed corpus is the real feeds under ../shared/feeds (read in place, never copied into the repository)
# plus small documents written here; the working corpus, crashes and logs go to Scripts/.fuzz/ (ignored by
# git). A crash is saved as Scripts/.fuzz/<target>/crash-*; turn each into a regression test.
set -eu

seconds=${1:-180}
[ $# -gt 0 ] && shift
targets=${*:-rss opml catalog}

root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Scripts/.fuzz"
build="$work/build"
shared="$root/../shared/feeds"
mkdir -p "$build"

flags="-O -sanitize=fuzzer,address -parse-as-library -package-name SmartFill -swift-version 6"

echo "building SmartFill and Feeds with fuzzer instrumentation…"
# Build from a snapshot of the sources, so that edits made meanwhile do not break the build.
rm -rf "$build/src"
mkdir -p "$build/src"
cp -R "$root/Sources/SmartFill" "$root/Sources/Feeds" "$build/src/"
swiftc $flags -emit-library -static -module-name SmartFill -emit-module -emit-module-path "$build/SmartFill.swiftmodule" \
  -o "$build/libSmartFill.a" "$build"/src/SmartFill/*.swift 2>"$build/log.txt" || { cat "$build/log.txt"; exit 1; }
swiftc $flags -emit-library -static -module-name Feeds -emit-module -emit-module-path "$build/Feeds.swiftmodule" \
  -I "$build" -o "$build/libFeeds.a" "$build"/src/Feeds/*.swift 2>"$build/log.txt" || { cat "$build/log.txt"; exit 1; }

build_target() {
  # The linker's warnings about AddressSanitizer's local symbols are harmless; they go to the log.
  swiftc $flags -I "$build" -L "$build" -lFeeds -lSmartFill -o "$build/fuzz-$1" "$root/Scripts/fuzz/$2" \
    2>"$build/log.txt" || { cat "$build/log.txt"; exit 1; }
}

for target in $targets; do
  dir="$work/$target"
  mkdir -p "$dir/corpus"
  case $target in
    rss)
      build_target rss FuzzRSS.swift
      printf '%s' '<rss><channel><title>T</title><item><title>A &gtgt; B</title><guid>g</guid><pubDate>Tue, 2 Jan 2024 08:00:00 PST</pubDate><itunes:duration>1:02:03</itunes:duration><enclosure url="https://e/a.mp3"/></item><item><guid>g</guid><enclosure url="u"/></item></channel></rss>' >"$dir/corpus/seed-small.xml"
      seeds="$shared/rss"
      dict="$root/Scripts/fuzz/xml.dict"
      ;;
    opml)
      build_target opml FuzzOPML.swift
      printf '%s' '<opml version="2.0"><head><title>L</title></head><body><outline text="F"><outline text="A" xmlUrl="https://a"/></outline><outline xmlUrl=""/><outline xmlurl="https://a"/></body></opml>' >"$dir/corpus/seed-small.opml"
      seeds="$shared/opml"
      dict="$root/Scripts/fuzz/xml.dict"
      ;;
    catalog)
      build_target catalog FuzzCatalog.swift
      printf '%s' '{"version": 1, "shows": [{"feedURL": "https://a", "title": "A", "ordering": "serial", "categories": ["x"], "recentListeningSeconds": 5, "episodes": [{"guid": "g", "title": "t\u00e9", "published": "2024-01-31T08:00:00.250+01:00", "durationSeconds": 60, "season": 1, "episode": 2, "kind": "trailer", "playedSeconds": 10, "isPlayed": false}]}]}' >"$dir/corpus/seed-small.json"
      seeds="$root/Datasets"
      dict="$root/Scripts/fuzz/json.dict"
      ;;
    *)
      echo "unknown target $target (rss, opml or catalog)" >&2
      exit 64
      ;;
  esac
  set -- "$dir/corpus"
  [ -d "$seeds" ] && set -- "$@" "$seeds"
  echo "fuzzing $target for $seconds s…"
  # Foundation's XMLParser leaks an error object per malformed document (in FoundationXML, not here): leak
  # detection is off so that it is not reported as a crash.
  (cd "$dir" && ASAN_OPTIONS=detect_leaks=0 "$build/fuzz-$target" -max_total_time="$seconds" -max_len=32768 -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 -dict="$dict" -print_final_stats=1 "$@" 2>"$dir/log.txt") || echo "fuzz-$target stopped: see $dir/log.txt"
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$dir/log.txt" || true
  found=no
  for file in "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-*; do
    [ -e "$file" ] && echo "finding: $file" && found=yes
  done
  [ $found = no ] && echo "no crashes for $target"
done
