# Shared by the Markdown and HTML rows (parsers/README.md, "What was built"): the nesting a library
# built, counted without recursion.

# The deepest nesting of <blockquote>, of <ul>/<ol>, or of <em>/<strong> (emphasis), in rendered HTML.
KINDS = { 'blockquote' => :q, 'ul' => :l, 'ol' => :l, 'em' => :e, 'strong' => :e }.freeze

def html_text_depth(html)
  open = { q: 0, l: 0, e: 0 }
  deepest = 0
  html.scan(%r{<(/?)(blockquote|ul|ol|em|strong)\b}i) do |closing, name|
    kind = KINDS[name.downcase]
    open[kind] += closing.empty? ? 1 : -1
    deepest = [deepest, open[kind]].max
  end
  deepest
end

# The longest chain of nested div elements, or of b elements, in a Nokogiri tree: an explicit stack.
def tree_depth(root)
  stack = [[root, 0, 0]]
  deepest = 0
  until stack.empty?
    node, divs, bolds = stack.pop
    name = node.element? ? node.name.downcase : ''
    divs += 1 if name == 'div'
    bolds += 1 if name == 'b'
    deepest = [deepest, divs, bolds].max
    node.children.each { |child| stack << [child, divs, bolds] }
  end
  deepest
end

def report_error(e)
  $stderr.puts "#{e.class}: #{e.message.gsub(/\s+/, ' ').strip[0, 200]}"
  exit 1
end
