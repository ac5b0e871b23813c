#include "env/games/adulting/cards.h"
