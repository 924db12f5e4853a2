#!/usr/bin/env bash
# The baseline an analyst would script: curl each page, jq it to CSV, follow nextPageUrl.
# Usage: curl-jq-export.sh <first-url> <jwt> <out.csv> <max-pages>
set -euo pipefail
url="$1"; jwt="$2"; out="$3"; max="$4"
page=$(mktemp)
echo 'updateId,effectiveAt,instrumentAdmin,instrumentId,symbol,decimals,amount,senderParty,receiverParty,counterparty,isIncoming,status' > "$out"
n=0
while [ -n "$url" ] && [ "$n" -lt "$max" ]; do
  curl -sf -H "jwt: $jwt" "$url" > "$page"
  jq -r '.transfers[] | [.updateId, .effectiveAt, .instrumentAdmin, .instrumentId, .symbol, .decimals, .amount, .senderParty, .receiverParty, .counterparty, .isIncoming, .status] | @csv' "$page" >> "$out"
  url=$(jq -r '.nextPageUrl // empty' "$page")
  n=$((n + 1))
done
rm -f "$page"
