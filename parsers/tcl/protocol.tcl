# The protocol helper of the Tcl rows (parsers/README.md, "The protocol helper"): input, the error line,
# the phases' checkpoints and the exit statuses. A program sources it from its own folder's parent,
#   source [file join [file dirname [info script]] .. protocol.tcl]
# and calls its library itself, in its own top-level `catch`, at the nesting it always had (Tcl's
# recursion limit counts nested evaluations); these procs run before the parse (input) or after it.
namespace eval np {
    variable phase ""   ;# the phase argument, once checked; empty without one
}

# Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin.
# A language's program (a pattern, code) passes `language`: its phases are compile and run.
proc np::input {{kind data}} {
    global argv
    variable phase
    set known [expr {$kind eq "language" ? {compile run} : {parse free serialize}}]
    if {[llength $argv]} {
        set given [lindex $argv end]
        if {$given ni $known} {
            puts stderr "unknown phase: $given ([join [lrange $known 0 end-1] {, }] or [lindex $known end])"
            exit 2
        }
        set phase $given
    }
    fconfigure stdin -translation binary -encoding utf-8
    return [read stdin]
}

# The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
proc np::fail {kind msg} {
    set msg [string range [regsub -all {\s+} $msg " "] 0 199]
    puts stderr "$kind: $msg"
    exit 1
}

# A caught error (catch's message and options) as the error line, its -errorcode's first three words
# as the kind.
proc np::error {msg opts} {
    np::fail [join [lrange [dict get $opts -errorcode] 0 2] " "] $msg
}

# In phase `parse`: exit 0 at once.
proc np::parsed {} {
    variable phase
    if {$phase eq "parse"} { exit 0 }
}

# In phase `compile`: exit 0 at once (the pattern or code compiled); without a phase the program goes
# on to its end, as a compile alone.
proc np::compiled {} {
    variable phase
    if {$phase eq "compile"} { exit 0 }
}

# The run guard: whether the program runs what it compiled now (phase `run`), in its own code:
# `if {[np::running]} { regexp -- $re a }`.
proc np::running {} {
    variable phase
    return [expr {$phase eq "run"}]
}

# The serialize guard: the serializer's command prefix in phase `serialize`, a no-op otherwise.
proc np::serializer {args} {
    variable phase
    if {$phase eq "serialize"} { return $args }
    return list
}

# In phase `serialize`: exit 0 at once.
proc np::serialized {} {
    variable phase
    if {$phase eq "serialize"} { exit 0 }
}

# The end: in phase `free` the value is already unset (reference counting freed it), and without a phase
# the program ends as it always did: exit 0.
proc np::finished {} {
    exit 0
}
