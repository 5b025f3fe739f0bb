% The protocol helper of the Octave rows (parsers/README.md, "The protocol helper"): input, the error
% line, the phases' checkpoints and the exit statuses. A program sources it from its own folder's parent,
%   source([fileparts(mfilename('fullpath')) '/../protocol.m']);
% and calls its library itself, in its own top-level try, at the C stack depth it always had; these
% functions run before the parse (input) or after it (the checkpoints and exits).
1;  % a script file: the functions below are defined where it is sourced

% Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin.
function text = np_input()
  global np_phase
  np_phase = '';
  args = argv();
  if numel(args) > 0
    given = args{end};
    if !any(strcmp(given, {'parse', 'free', 'serialize'}))
      fprintf(stderr, 'unknown phase: %s (parse, free or serialize)\n', given);
      exit(2);
    end
    np_phase = given;
  end
  text = fread(stdin, Inf, 'uint8=>char')';
end

% The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
function np_fail(kind, message)
  msg = regexprep(message, '\s+', ' ');
  fprintf(stderr, '%s: %s\n', kind, msg(1:min(200, end)));
  exit(1);
end

% A caught error (the program's `catch err`) as the error line: its identifier ('Octave:error' when it
% has none) and message.
function np_error(err)
  id = err.identifier;
  if isempty(id)
    id = 'Octave:error';
  end
  np_fail(id, err.message);
end

% In phase `parse`: exit 0 at once.
function np_parsed()
  np_exit_in('parse');
end

% The serialize guard: the serializer's handle in phase `serialize`, a no-op otherwise.
function f = np_serializer(serializer)
  global np_phase
  if strcmp(np_phase, 'serialize')
    f = serializer;
  else
    f = @(varargin) [];
  end
end

% In phase `serialize`: exit 0 at once.
function np_serialized()
  np_exit_in('serialize');
end

% Exit 0 when the phase is the one named (the checkpoints above).
function np_exit_in(phase)
  global np_phase
  if strcmp(np_phase, phase)
    exit(0);
  end
end

% The end, with or without a phase (Octave frees by reference counting as a value is cleared): exit 0.
function np_finished()
  exit(0);
end
