# Parses all of stdin with tcllib's json::json2dict (default settings), in the program's own top-level
# catch (parse errors, "too many nested evaluations", ...) -> np::error: one stderr line, exit 1.
# Input and exits: ../protocol.tcl.
source [file join [file dirname [info script]] .. protocol.tcl]
package require json

set data [np::input]
if {[catch {json::json2dict $data} msg opts]} {
    np::error $msg $opts
}
np::finished
