#!/bin/sh
# Builds the libFuzzer targets for the RSS, OPML and catalog JSON readers and for the engine's API (catalogs
# built in code, valid and invalid, and random requests) and runs each for a while.
#
#   Scripts/fuzz.sh [seconds-per-target] [target ...]     targets: rss opml catalog engine (default: all four)
#
# Needs a Swift toolchain whose swiftc supports -sanitize=fuzzer (the Linux toolchains do). Not run by CI.
# The seed corpus is the real feeds under ../shared/feeds (read in place, never copied into the repository)
# plus small documents written here; the working corpus, crashes and logs go to Scripts/.fuzz/ (ignored by
# git). A crash is saved as Scripts/.fuzz/<target>/crash-*; turn each into a regression test.
set -eu

seconds=${1:-180}
[ $# -gt 0 ] && shift
targets=${*:-rss opml catalog engine}

root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Scripts/.fuzz"
build="$work/build"
shared="$root/../shared/feeds"
mkdir -p "$build"

flags="-O -sanitize=fuzzer,address -parse-as-library -package-name SmartFill -swift-version 6"

echo "building SmartFillSupport, SmartFill and Feeds with fuzzer instrumentation…"
# Build from a snapshot of the sources, so that edits made meanwhile do not break the build.
rm -rf "$build/src"
mkdir -p "$build/src"
cp -R "$root/Sources/SmartFillSupport" "$root/Sources/SmartFill" "$root/Sources/Feeds" "$build/src/"
# Each module as a static library, in the order of Package.swift's layers: SmartFillSupport, then SmartFill on
# it, then Feeds on both.
build_module() {
  swiftc $flags -emit-library -static -module-name "$1" -emit-module -emit-module-path "$build/$1.swiftmodule" \
    -I "$build" -o "$build/lib$1.a" "$build"/src/"$1"/*.swift 2>"$build/log.txt" || { cat "$build/log.txt"; exit 1; }
}
build_module SmartFillSupport
build_module SmartFill
build_module Feeds

build_target() {
  # The linker's warnings about AddressSanitizer's local symbols are harmless; they go to the log.
  swiftc $flags -I "$build" -L "$build" -lFeeds -lSmartFill -lSmartFillSupport -o "$build/fuzz-$1" \
    "$root/Scripts/fuzz/$2" 2>"$build/log.txt" || { cat "$build/log.txt"; exit 1; }
}

# A document encoded in UTF-16 twice (little or big endian): each ASCII character of $2 becomes four bytes
# after a byte order mark. Decoded once it is UTF-16 again, which once crashed the importer (SIGSEGV).
double_utf16() {
  if [ "$1" = le ]; then printf '\377\376'; else printf '\376\377'; fi
  printf '%s' "$2" | od -An -v -to1 | tr -s ' ' '\n' | grep -v '^$' | while read -r octal; do
    if [ "$1" = le ]; then printf "\\$octal\\000\\000\\000"; else printf "\\000\\000\\000\\$octal"; fi
  done
}

for target in $targets; do
  dir="$work/$target"
  mkdir -p "$dir/corpus"
  case $target in
    rss)
      build_target rss FuzzRSS.swift
      printf '%s' '<rss><channel><title>T</title><item><title>A &gtgt; B</title><guid>g</guid><pubDate>Tue, 2 Jan 2024 08:00:00 PST</pubDate><itunes:duration>1:02:03</itunes:duration><enclosure url="https://e/a.mp3"/></item><item><guid>g</guid><enclosure url="u"/></item></channel></rss>' >"$dir/corpus/seed-small.xml"
      crashing='<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><?x?></channel></rss>'
      double_utf16 le "$crashing" >"$dir/corpus/seed-utf16-twice-le.xml"
      double_utf16 be "$crashing" >"$dir/corpus/seed-utf16-twice-be.xml"
      double_utf16 le '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "<?x?>">]><rss><channel>&e;</channel></rss>' \
        >"$dir/corpus/seed-utf16-twice-entity.xml"
      printf '%s' '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:i="http://www.itunes.com/dtds/podcast-1.0.dtd"><title>A</title><entry><id>e</id><title>E</title><published>2024-01-02T08:00:00Z</published><link rel="enclosure" href="https://e/a.mp3" length="5" type="audio/mpeg"/><i:duration>60</i:duration></entry></feed>' >"$dir/corpus/seed-atom.xml"
      printf '%s' '<rss xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>M</title><redirect><newLocation>https://new/feed</newLocation></redirect><item xmlns:i="http://www.itunes.com/dtds/podcast-1.0.dtd"><enclosure url="u"/><i:duration>1:00</i:duration><podcast:season>2</podcast:season><duration xmlns="http://www.itunes.com/dtds/podcast-1.0.dtd">5</duration></item></channel></rss>' >"$dir/corpus/seed-namespaces.xml"
      seeds="$shared/rss"
      dict="$root/Scripts/fuzz/xml.dict"
      ;;
    opml)
      build_target opml FuzzOPML.swift
      printf '%s' '<opml version="2.0"><head><title>L</title></head><body><outline text="F"><outline text="A" xmlUrl="https://a"/></outline><outline xmlUrl=""/><outline xmlurl="https://a"/></body></opml>' >"$dir/corpus/seed-small.opml"
      double_utf16 be '<?xml version="1.0"?><opml version="2.0"><body><?x?><outline xmlUrl="https://a"/></body></opml>' \
        >"$dir/corpus/seed-utf16-twice.opml"
      seeds="$shared/opml"
      dict="$root/Scripts/fuzz/xml.dict"
      ;;
    catalog)
      build_target catalog FuzzCatalog.swift
      printf '%s' '{"version": 1, "shows": [{"feedURL": "https://a", "title": "A", "ordering": "serial", "categories": ["x"], "recentListeningSeconds": 5, "episodes": [{"guid": "g", "title": "t\u00e9", "published": "2024-01-31T08:00:00.250+01:00", "durationSeconds": 60, "season": 1, "episode": 2, "kind": "trailer", "playedSeconds": 10, "isPlayed": false}]}]}' >"$dir/corpus/seed-small.json"
      seeds="$root/Datasets"
      dict="$root/Scripts/fuzz/json.dict"
      ;;
    engine)
      build_target engine FuzzEngine.swift
      printf '\003\005\001\030\002\007\040\010\001\002\003' >"$dir/corpus/seed-small.bin"
      seeds="$dir/corpus"
      dict=""
      ;;
    *)
      echo "unknown target $target (rss, opml, catalog or engine)" >&2
      exit 64
      ;;
  esac
  set -- "$dir/corpus"
  [ -d "$seeds" ] && [ "$seeds" != "$dir/corpus" ] && set -- "$@" "$seeds"
  [ -n "$dict" ] && set -- "-dict=$dict" "$@"
  echo "fuzzing $target for $seconds s…"
  # Foundation's XMLParser leaks an error object per malformed document (in FoundationXML, not here): leak
  # detection is off so that it is not reported as a crash.
  (cd "$dir" && ASAN_OPTIONS=detect_leaks=0 "$build/fuzz-$target" -max_total_time="$seconds" -max_len=32768 -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 -print_final_stats=1 "$@" 2>"$dir/log.txt") || echo "fuzz-$target stopped: see $dir/log.txt"
  grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$dir/log.txt" || true
  found=no
  for file in "$dir"/crash-* "$dir"/timeout-* "$dir"/oom-*; do
    [ -e "$file" ] && echo "finding: $file" && found=yes
  done
  [ $found = no ] && echo "no crashes for $target"
done
