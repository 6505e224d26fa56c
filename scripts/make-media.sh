#!/usr/bin/env bash
# Regenerates the six explainer clips and their posters in media/videos/ (committed:
# CI has no ffmpeg). Needs Debian's ffmpeg and fonts-dejavu-core:
#   apt-get update && apt-get install -y ffmpeg fonts-dejavu-core
# Each clip: 4 s, 640x360, 24 fps, silent, seamlessly looping colour drift in the
# Spartan gold / maroon / black with its number and topic; MP4 (H.264 baseline,
# faststart) and WebM (VP9), plus a WebP poster from the first second.
set -euo pipefail
cd "$(dirname "$0")/../media/videos"

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
SERIF=/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf
GOLD=0xc9a227
MAROON=0x7a1f2b
INK=0x141414

# slug | caption (short: the tile and the player show the full title in HTML) | gradient type
CLIPS=(
  "what-is-the-company|THE COMPANY|linear"
  "what-is-the-fund|THE FUND|radial"
  "purpose-and-goals|PURPOSE & GOALS|circular"
  "the-founders|THE FOUNDERS|spiral"
  "employee-benefits|EMPLOYEES|linear"
  "investor-benefits|INVESTORS|radial"
)

n=0
for clip in "${CLIPS[@]}"; do
  n=$((n + 1))
  IFS='|' read -r slug caption type <<<"$clip"
  num=$(printf '%02d' "$n")
  printf '%s' "$caption" >caption.txt
  # speed chosen so the gradient turns once in 4 s: the last frame meets the first.
  filter="[0:v]format=yuv420p,
    drawbox=x=0:y=ih-18:w=iw*t/4:h=18:color=${GOLD}@0.9:t=fill,
    drawtext=fontfile=${SERIF}:text=${num}:fontsize=150:fontcolor=white:borderw=5:bordercolor=${INK}:x=40:y=30,
    drawtext=fontfile=${FONT}:textfile=caption.txt:fontsize=22:fontcolor=${GOLD}:x=48:y=200:
      box=1:boxcolor=${INK}@0.85:boxborderw=8[v]"
  src="gradients=s=640x360:r=24:d=4:n=3:c0=${MAROON}:c1=${INK}:c2=${GOLD}:type=${type}:speed=0.0164:seed=${n}"
  ffmpeg -v error -y -f lavfi -i "$src" -filter_complex "$filter" -map '[v]' \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 30 -preset slow \
    -movflags +faststart -an "${slug}.mp4"
  ffmpeg -v error -y -f lavfi -i "$src" -filter_complex "$filter" -map '[v]' \
    -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 2 -an "${slug}.webm"
  ffmpeg -v error -y -ss 1 -i "${slug}.mp4" -frames:v 1 -c:v libwebp -quality 70 "${slug}.webp"
done
rm -f caption.txt
ls -l
