# Used by scripts/check-architecture: prints each function of the Rust files given that is longer
# than MAX lines (from `fn` to its closing brace, as rustfmt lays them out), except a flat match
# of text: a function returning text whose body is one `match` (after at most some `let`s) that
# ends with the function, such as a game's `event_text`.
function report() {
  n = FNR - start + 1
  flat = text && matchline > 0 && lastbody ~ /^\}/ && lastkind == "match-end"
  if (n > MAX && !flat) printf "%s:%d: fn %s is %d lines (at most %d, unless a flat match of text)\n", FILENAME, start, name, n, MAX
}
FNR == 1 { open = 0 }
{
  line = $0
  if (!open && match(line, /^ *(pub(\([a-z:]+\))? )?(const )?(async )?(unsafe )?fn [A-Za-z_][A-Za-z0-9_]*/)) {
    ind = line; sub(/[^ ].*/, "", ind)
    name = substr(line, RSTART, RLENGTH); sub(/.*fn /, "", name)
    start = FNR; open = 1; sig = 1; text = 0; matchline = 0; lets_only = 1; lastkind = ""
  }
  if (!open) next
  if (sig) {
    if (line ~ /-> *(String|&'static str|&str|fmt::Result|std::fmt::Result|Cow<'static, str>)/) text = 1
    if (line ~ /\{ *$/ || line ~ /^ *\{/) { sig = 0; if (line ~ ("^" ind "(pub.*)?fn .*\\{.*\\} *$")) open = 0; next }
    if (line ~ /; *$/) { open = 0; sig = 0 }
    next
  }
  if (line ~ ("^" ind "\\} *$")) { report(); open = 0; next }
  body = ind "    "
  if (substr(line, 1, length(body)) == body && substr(line, length(body) + 1, 1) ~ /[^ ]/) {
    stmt = substr(line, length(body) + 1)
    if (matchline == 0 && stmt ~ /^match /) { matchline = FNR; lastkind = "match" }
    else if (matchline == 0 && stmt !~ /^let / && stmt !~ /^\/\//) { lets_only = 0 }
    else if (matchline > 0 && stmt ~ /^\}/ && lastkind == "match") { lastkind = "match-end" }
    else if (matchline > 0 && lastkind == "match-end" && stmt !~ /^\/\//) { lastkind = "after" }
    lastbody = stmt
    if (!lets_only) matchline = -1
  }
}
