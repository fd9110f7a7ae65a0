/* Line editing for the REPL through the system's libedit (its native API): a prompt,
   emacs key bindings, history with a file, a line pushed back for "edit", and Tab
   completion from a word list the host sets (no Swift callback runs inside libedit).
   A C file (not a header of static inlines) so its state exists exactly once. */
#include "CEditLine.h"
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <histedit.h>


static EditLine *cedit_editor = NULL;
static History *cedit_history = NULL;
static char cedit_prompt_text[64] = "> ";
static char **cedit_words = NULL;
static int cedit_word_count = 0;
static volatile sig_atomic_t cedit_interrupted = 0;

static char *cedit_prompt(EditLine *editor) {
    (void)editor;
    return cedit_prompt_text;
}

static int cedit_is_break(char c) {
    return c == ' ' || c == '\t' || c == ',' || c == ';' || c == '+' || c == '=' || c == '@' || c == '"' || c == '(';
}

/* Tab: completes the word before the cursor from the word list (longest common prefix,
   or the list of candidates when several remain). */
static unsigned char cedit_complete(EditLine *editor, int key) {
    (void)key;
    const LineInfo *line = el_line(editor);
    const char *start = line->cursor;
    while (start > line->buffer && !cedit_is_break(start[-1])) start--;
    size_t typed = (size_t)(line->cursor - start);
    const char *first = NULL;
    size_t common = 0;
    int matches = 0;
    for (int i = 0; i < cedit_word_count; i++) {
        const char *word = cedit_words[i];
        if (strncasecmp(word, start, typed) != 0) continue;
        if (matches == 0) { first = word; common = strlen(word); }
        else {
            size_t k = 0;
            while (k < common && word[k] && tolower((unsigned char)word[k]) == tolower((unsigned char)first[k])) k++;
            common = k;
        }
        matches++;
    }
    if (matches == 0) return CC_ERROR;
    if (common > typed || matches == 1) {
        char buffer[512];
        size_t length = common < sizeof buffer - 2 ? common : sizeof buffer - 2;
        memcpy(buffer, first, length);
        buffer[length] = '\0';
        if (matches == 1 && length < sizeof buffer - 1) { buffer[length] = ' '; buffer[length + 1] = '\0'; }
        el_deletestr(editor, (int)typed);
        el_insertstr(editor, buffer);
        return CC_REDISPLAY;
    }
    fputc('\n', stdout);
    int shown = 0;
    for (int i = 0; i < cedit_word_count && shown < 60; i++) {
        if (strncasecmp(cedit_words[i], start, typed) == 0) { fprintf(stdout, "%s  ", cedit_words[i]); shown++; }
    }
    if (matches > shown) fprintf(stdout, "… (%d more)", matches - shown);
    fputc('\n', stdout);
    return CC_REDISPLAY;
}

static void cedit_on_interrupt(int signal_number) {
    (void)signal_number;
    cedit_interrupted = 1;
}

/* Opens the editor on the terminal; Ctrl-C interrupts the line being typed (not the program). */
int cedit_open(const char *program) {
    cedit_editor = el_init(program, stdin, stdout, stderr);
    if (!cedit_editor) return 0;
    cedit_history = history_init();
    HistEvent event;
    history(cedit_history, &event, H_SETSIZE, 2000);
    history(cedit_history, &event, H_SETUNIQUE, 1);
    el_set(cedit_editor, EL_PROMPT, cedit_prompt);
    el_set(cedit_editor, EL_EDITOR, "emacs");
    el_set(cedit_editor, EL_HIST, history, cedit_history);
    el_set(cedit_editor, EL_ADDFN, "foodlog-complete", "complete a word", cedit_complete);
    el_set(cedit_editor, EL_BIND, "^I", "foodlog-complete", NULL);
    el_source(cedit_editor, NULL);
    struct sigaction action;
    sigset_t interrupt_only;
    sigemptyset(&interrupt_only);
    sigaddset(&interrupt_only, SIGINT);
    pthread_sigmask(SIG_UNBLOCK, &interrupt_only, NULL);   /* a parent may have blocked it */
    memset(&action, 0, sizeof action);
    action.sa_handler = cedit_on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    return 1;
}

void cedit_close(void) {
    if (cedit_editor) el_end(cedit_editor);
    if (cedit_history) history_end(cedit_history);
    cedit_editor = NULL;
    cedit_history = NULL;
}

/* Reads a line (with its newline) after `prompt`, with `initial` already typed (may be NULL).
   NULL at end of input; then *interrupted tells whether Ctrl-C caused it. */
const char *cedit_gets(const char *prompt, const char *initial, int *interrupted) {
    *interrupted = 0;
    if (!cedit_editor) return NULL;
    strncpy(cedit_prompt_text, prompt, sizeof cedit_prompt_text - 1);
    if (initial) el_push(cedit_editor, initial);
    int count = 0;
    cedit_interrupted = 0;
    const char *line = el_gets(cedit_editor, &count);
    *interrupted = cedit_interrupted;
    if (cedit_interrupted) { el_reset(cedit_editor); cedit_interrupted = 0; return NULL; }
    return count > 0 ? line : NULL;
}

void cedit_history_add(const char *line) {
    HistEvent event;
    history(cedit_history, &event, H_ENTER, line);
}

void cedit_history_load(const char *path) {
    HistEvent event;
    history(cedit_history, &event, H_LOAD, path);
}

void cedit_history_save(const char *path) {
    HistEvent event;
    history(cedit_history, &event, H_SAVE, path);
}

/* Replaces the completion word list (copied). */
void cedit_set_words(const char *const *words, int count) {
    for (int i = 0; i < cedit_word_count; i++) free(cedit_words[i]);
    free(cedit_words);
    cedit_words = count > 0 ? (char **)calloc((size_t)count, sizeof(char *)) : NULL;
    cedit_word_count = 0;
    for (int i = 0; i < count && cedit_words; i++) {
        cedit_words[i] = strdup(words[i]);
        if (cedit_words[i]) cedit_word_count++;
    }
}
