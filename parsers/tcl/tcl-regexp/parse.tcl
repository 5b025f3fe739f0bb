# Tcl's regexp (Henry Spencer's ARE engine in libtcl): all of stdin is the whole pattern, compiled by
# `regexp -about` (the pattern compiled and described, no match: Tcl's compile-only path), in the
# program's own top-level catch; phase `run` then matches the same pattern object (its compiled form
# cached in it) against the subject "a" (`regexp`: a match or none is exit 0). What either raises
# ("couldn't compile regular expression pattern: ...", "too many nested evaluations", ...) goes to
# np::error: one stderr line, exit 1. Input and exits: ../protocol.tcl.
source [file join [file dirname [info script]] .. protocol.tcl]

# ../protocol.tcl knows the data formats' phases only: this program takes a language's phase, compile
# or run, off the argument list itself before np::input reads stdin (np::input then refuses any other
# argument: one stderr line, exit 2).
set phase ""
if {[llength $argv] && [lindex $argv end] in {compile run}} {
    set phase [lindex $argv end]
    set argv [lrange $argv 0 end-1]
} elseif {[llength $argv]} {
    set argv [list "[lindex $argv end] (compile or run)"]
}

set source [np::input]
if {[catch {
    regexp -about -- $source
    if {$phase eq "compile"} { np::finished }
    if {$phase eq "run"} { regexp -- $source a }
} msg opts]} {
    np::error $msg $opts
}
np::finished
