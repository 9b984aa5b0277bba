/* placeholder: being written */
#include "commands.h"
int pc_cmd_queens(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  return 1;
}
