/* test_atomic.c — saving a file: a new name or a regular file is replaced
   atomically; a link stays a link and the file it names is replaced;
   devices are written straight through and never replaced; a folder or a
   dangling link is refused; temporaries of killed processes are removed. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/atomic.h"
#include "support.h"

static char dir[64];

static void make_dir(void)
{
  snprintf(dir, sizeof dir, "/tmp/pc-atomic-XXXXXX");
  cr_assert_not_null(mkdtemp(dir));
}

static void remove_dir(void) { pc_remove_tree(dir); }

TestSuite(atomic, .init = make_dir, .fini = remove_dir);

static pc_status save(const char *path, const char *text, pc_error *err)
{
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  fputs(text, f);
  s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

/* How many entries the scratch folder holds (temporaries included). */
static int entries(void)
{
  int n = 0;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
  FILE *p = popen(cmd, "r");
  cr_assert(p && fscanf(p, "%d", &n) == 1);
  pclose(p);
  return n;
}

Test(atomic, new_and_regular_files)
{
  char path[128];
  snprintf(path, sizeof path, "%s/out.txt", dir);
  cr_assert_eq(save(path, "one\n", NULL), PC_OK);
  cr_assert_eq(save(path, "two\n", NULL), PC_OK);
  char *text = pc_slurp_file(path);
  cr_expect_str_eq(text, "two\n");
  free(text);
  cr_expect_eq(entries(), 1, "a temporary was left behind");
}

Test(atomic, links_stay_links)
{
  char path[128], link[128];
  snprintf(path, sizeof path, "%s/target.txt", dir);
  snprintf(link, sizeof link, "%s/link.txt", dir);
  cr_assert_eq(save(path, "old\n", NULL), PC_OK);
  cr_assert_eq(symlink("target.txt", link), 0);
  cr_assert_eq(save(link, "new\n", NULL), PC_OK);
  struct stat st;
  cr_assert_eq(lstat(link, &st), 0);
  cr_expect(S_ISLNK(st.st_mode), "the link was replaced by a file");
  char *text = pc_slurp_file(path);
  cr_expect_str_eq(text, "new\n");
  free(text);
  cr_expect_eq(entries(), 2);
}

Test(atomic, devices_are_written_through)
{
  cr_assert_eq(save("/dev/null", "nothing\n", NULL), PC_OK);
  struct stat st;
  cr_assert_eq(stat("/dev/null", &st), 0);
  cr_expect(S_ISCHR(st.st_mode), "/dev/null is no longer a device");
  pc_error err = {0};
  cr_expect_eq(save("/dev/full", "nothing\n", &err), PC_ERR_IO);
  cr_expect(strstr(err.msg, strerror(ENOSPC)), "%s", err.msg);
  cr_assert_eq(stat("/dev/full", &st), 0);
  cr_expect(S_ISCHR(st.st_mode));
}

Test(atomic, folders_and_dangling_links_refused)
{
  pc_error err = {0};
  cr_expect_eq(save(dir, "x", &err), PC_ERR_IO);
  cr_expect(strstr(err.msg, strerror(EISDIR)), "%s", err.msg);
  char link[128];
  snprintf(link, sizeof link, "%s/dangling", dir);
  cr_assert_eq(symlink("nowhere/at/all", link), 0);
  cr_expect_eq(save(link, "x", &err), PC_ERR_IO);
  cr_expect(strstr(err.msg, "missing"), "%s", err.msg);
  cr_expect_eq(entries(), 1);
}

/* A temporary named for a process that is gone (a kill) is removed when
   the same file is saved again; one of a live process is left alone. */
Test(atomic, orphaned_temporaries_removed)
{
  pid_t child = fork();
  if (child == 0) _exit(0);
  cr_assert_gt(child, 0);
  waitpid(child, NULL, 0);
  char dead[160], live[160], path[128];
  snprintf(dead, sizeof dead, "%s/.out.sol.%ld-0.tmp", dir, (long)child);
  snprintf(live, sizeof live, "%s/.out.sol.%ld-0.tmp", dir, (long)getppid());
  snprintf(path, sizeof path, "%s/out.sol", dir);
  for (int i = 0; i < 2; i++) {
    int fd = open(i ? live : dead, O_WRONLY | O_CREAT, 0666);
    cr_assert_geq(fd, 0);
    close(fd);
  }
  cr_assert_eq(save(path, "x\n", NULL), PC_OK);
  cr_expect_neq(access(dead, F_OK), 0, "the dead process's temporary is still there");
  cr_expect_eq(access(live, F_OK), 0, "a live process's temporary was removed");
}

/* Through the program: --output /dev/null leaves the device alone. */
Test(atomic, program_output_to_dev_null)
{
  const char *args[] = {"solve", "boards/scott.yaml", "--count", "-o", "/dev/null", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  struct stat st;
  cr_assert_eq(stat("/dev/null", &st), 0);
  cr_expect(S_ISCHR(st.st_mode));
  pc_run_free(&r);
}

/* A process killed while it writes (Ctrl-C on render) leaves nothing in
   the folder: no temporary for a later run to clear away. */
Test(atomic, killed_writer_leaves_nothing)
{
  char path[128];
  snprintf(path, sizeof path, "%s/out.svg", dir);
  int ready[2];
  cr_assert_eq(pipe(ready), 0);
  pid_t child = fork();
  cr_assert_geq(child, 0);
  if (child == 0) {
    FILE *f;
    char *tmp;
    pc_error err;
    if (pc_atomic_open(path, &f, &tmp, &err)) _exit(1);
    fputs("half a picture", f);
    fflush(f);
    if (write(ready[1], "x", 1) != 1) _exit(1);
    pause();
    _exit(0);
  }
  char c;
  cr_assert_eq(read(ready[0], &c, 1), 1, "the child could not open its file");
  kill(child, SIGKILL);
  waitpid(child, NULL, 0);
  close(ready[0]);
  close(ready[1]);
  cr_expect_eq(entries(), 0, "the killed writer left a file in %s", dir);
}
