% nestprobe parser program: reads all of stdin, then jsondecode (Octave's built-in, RapidJSON-based, default
% options). try/catch catches every Octave error (parse errors, "max_recursion_depth exceeded", ...) -> one line
% "<identifier>: <message>" on stderr, exit 1.
text = fread(stdin, Inf, 'uint8=>char')';
try
  jsondecode(text);
catch err
  id = err.identifier;
  if isempty(id)
    id = 'Octave:error';
  end
  msg = regexprep(err.message, '\s+', ' ');
  fprintf(stderr, '%s: %s\n', id, msg(1:min(200, end)));
  exit(1);
end
exit(0);
