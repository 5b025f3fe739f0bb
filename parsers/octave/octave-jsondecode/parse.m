% nestprobe parser program: jsondecode (Octave's built-in, RapidJSON-based, default options) on all of
% stdin, in the program's own top-level try; its catch (parse errors, "max_recursion_depth exceeded", ...)
% -> np_error: one stderr line, exit 1. Input and exits: ../protocol.m.
source([fileparts(mfilename('fullpath')) '/../protocol.m']);
text = np_input();
try
  jsondecode(text);
catch err
  np_error(err);
end
np_finished();
