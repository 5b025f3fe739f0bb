# The nestprobe protocol for the Crystal programs (parsers/README.md, "The protocol helper"): the phase
# argument, stdin, the error line and exit statuses. A program requires it as `require "../protocol"` (in
# Debian 13's root the language folder's files are copied beside the program's folder, so ../protocol.cr is
# there too). The Crystal programs take no phase. The program calls its library from its own top-level code,
# inside its own begin/rescue, so that nothing of the helper sits under the parse.
module Protocol
  # Reads the phase argument (the Crystal programs take none: any argument is one stderr line and exit 2,
  # before stdin is read), then all of stdin.
  def self.input : String
    unless ARGV.empty?
      STDERR.puts "unknown phase: #{ARGV.last} (the program takes none)"
      exit 2
    end
    STDIN.gets_to_end
  end

  # Prints "<kind>: <message>" on one line of stderr (whitespace runs folded to one space, the message cut
  # at 200 characters) and exits 1: the library's clean error.
  def self.fail(kind, message : String) : NoReturn
    STDERR.puts "#{kind}: #{message.split.join(" ")[0, 200]}"
    exit 1
  end

  # A rescued exception: "<class>: <message>", exit 1.
  def self.error(ex : Exception) : NoReturn
    fail(ex.class, ex.message || "")
  end

  # The program's end without a phase: exit 0.
  def self.finished : NoReturn
    exit 0
  end
end
