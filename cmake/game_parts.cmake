# kibitz_game_parts(PARTS LAYER FOLDER [LIBS lib...])
#
# One layer's game parts (env/core/game_parts.h): PARTS becomes an OBJECT
# library built from FOLDER/<game>/CMakeLists.txt, one per game that has a
# part in this layer (each adds its files with
# `target_sources(PARTS PRIVATE ...)`), so a new game adds a folder and edits
# nothing here. LIBS give the parts their include paths and flags.
#
# The parts' objects go onto the link line of every program that links LAYER
# (a static library). Why not into LAYER itself: a static library drops an
# object that nothing refers to, and a part is referred to by nothing but its
# own registrar. Objects on the link line are always linked, and CMake lists
# each once however many paths lead to LAYER.
function(kibitz_game_parts parts layer folder)
  cmake_parse_arguments(ARG "" "" "LIBS" ${ARGN})
  add_library(${parts} OBJECT)
  target_link_libraries(${parts} PUBLIC ${ARG_LIBS})
  kibitz_configure_target(${parts})
  file(GLOB game_cmakes CONFIGURE_DEPENDS "${folder}/*/CMakeLists.txt")
  foreach(game_cmake IN LISTS game_cmakes)
    get_filename_component(game_folder "${game_cmake}" DIRECTORY)
    add_subdirectory("${game_folder}")
  endforeach()
  target_link_libraries(${layer} INTERFACE "$<TARGET_OBJECTS:${parts}>")
  # A link item names files, not a target: this makes them built before
  # anything that links LAYER.
  add_dependencies(${layer} ${parts})
endfunction()
