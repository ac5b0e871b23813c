#include <gtest/gtest.h>

#include "env/games/adulting/cards.h"
