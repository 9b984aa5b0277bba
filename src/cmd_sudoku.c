/* placeholder: being written */
#include "commands.h"
int pc_cmd_sudoku(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  return 1;
}
