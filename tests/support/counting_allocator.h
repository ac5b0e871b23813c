// A count of the heap allocations made by the whole process, for the programs
// that check or report how often code allocates: the allocation tests and the
// benchmarks.
//
// The count exists only in executables that link kibitz_counting_allocator
// (tests/support/CMakeLists.txt). That target replaces the global operator
// new and operator delete, in all their forms, with versions that count each
// allocation; link it only into executables built for measuring allocations.
#pragma once

#include <cstdint>

namespace kibitz::testing_support {

// Allocations through any global operator new (plain, array, nothrow or
// aligned), on any thread, since the program started. Take the difference of
// two calls to count what the code between them allocated. The counter is
// relaxed: a reading sees another thread's allocations only once that thread
// has synchronised with the reader (a join or a pool's wait does).
std::int64_t allocation_count();

}  // namespace kibitz::testing_support
