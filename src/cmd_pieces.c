/* placeholder: being written */
#include "commands.h"
int pc_cmd_pieces(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  return 1;
}
