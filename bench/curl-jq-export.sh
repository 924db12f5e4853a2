#!/usr/bin/env bash
# The baseline an analyst would script: curl each page, jq it to CSV, follow nextPageUrl.
# Usage: BENCH_LEDGER_JWT=<jwt> curl-jq-export.sh <first-url> <out.csv> <max-pages>
# The JWT goes to curl in a header file (-H @file), never on a command line (`ps` shows those).
set -euo pipefail
url="$1"; out="$2"; max="$3"
page=$(mktemp)
headers=$(mktemp)
trap 'rm -f "$page" "$headers"' EXIT
printf 'jwt: %s\n' "$BENCH_LEDGER_JWT" > "$headers"
echo 'updateId,effectiveAt,instrumentAdmin,instrumentId,symbol,decimals,amount,senderParty,receiverParty,counterparty,isIncoming,status' > "$out"
n=0
while [ -n "$url" ] && [ "$n" -lt "$max" ]; do
  curl -sf -H @"$headers" "$url" > "$page"
  jq -r '.transfers[] | [.updateId, .effectiveAt, .instrumentAdmin, .instrumentId, .symbol, .decimals, .amount, .senderParty, .receiverParty, .counterparty, .isIncoming, .status] | @csv' "$page" >> "$out"
  url=$(jq -r '.nextPageUrl // empty' "$page")
  n=$((n + 1))
done
