# Reads all of stdin, parses it with tcllib's json::json2dict (default settings).
# Any Tcl error (catch: parse errors, "too many nested evaluations", ...) prints
# "<errorcode>: <message>" to stderr and exits 1.
package require json

fconfigure stdin -translation binary -encoding utf-8
set data [read stdin]
if {[catch {json::json2dict $data} msg opts]} {
    set code [join [lrange [dict get $opts -errorcode] 0 2] " "]
    set msg [string range [regsub -all {\s+} $msg " "] 0 199]
    puts stderr "$code: $msg"
    exit 1
}
exit 0
