# kibitz_embed_file(PATH NAME ARRAY_VAR SIZE_VAR): the bytes of PATH as the
# C++ definition `constexpr unsigned char NAME[] = {...};` in ARRAY_VAR and
# their count in SIZE_VAR. Shared by the build-time embedding scripts
# (tools/embed_rules.cmake, web/embed_static.cmake). Bytes are written as
# numbers, not as a string literal, so no text in a file can break the
# source; 16 bytes a line, and a trailing 0 (not counted in the size) keeps
# the array non-empty for an empty file.
function(kibitz_embed_file path name array_var size_var)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  set(bytes "")
  set(offset 0)
  while(offset LESS hex_length)
    string(SUBSTRING "${hex}" ${offset} 32 chunk)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," chunk "${chunk}")
    string(APPEND bytes "    ${chunk}\n")
    math(EXPR offset "${offset} + 32")
  endwhile()
  set(${array_var} "constexpr unsigned char ${name}[] = {\n${bytes}    0};\n" PARENT_SCOPE)
  set(${size_var} ${size} PARENT_SCOPE)
endfunction()
