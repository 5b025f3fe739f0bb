/* The nestprobe protocol for the Objective-C programs (parsers/README.md, "The protocol helper"): the phase
 * argument, stdin, the error line and exit status. A program imports it as "protocol.h" and its build passes
 * -I.. (the build runs in the program's folder; in Debian 13's root the language folder's files are copied
 * beside the program's folder, so ../protocol.h is there too). The Objective-C programs take no phase. The
 * program calls its library from its own main, inside its own @try, so that nothing of the helper sits under
 * the parse. */
#ifndef NESTPROBE_PROTOCOL_H
#define NESTPROBE_PROTOCOL_H

#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints "<kind>: <message>" on one line of stderr (whitespace runs folded to one space, the message cut at
 * 200 characters) and exits 1: the library's clean error. */
static void __attribute__((noinline, noreturn)) np_fail(NSString *kind, NSString *message) {
    NSArray *words = [message componentsSeparatedByCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]];
    NSString *line = [[words filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"length > 0"]]
        componentsJoinedByString:@" "];
    if ([line length] > 200) line = [line substringToIndex:200];
    fprintf(stderr, "%s: %s\n", [kind UTF8String], [line UTF8String]);
    exit(1);
}

/* A caught NSException: "<name>: <reason>", exit 1. */
static void __attribute__((noinline, noreturn)) np_error(NSException *e) {
    np_fail([e name], [e reason] ? [e reason] : @"");
}

/* Reads the phase argument (the Objective-C programs take none: any argument is one stderr line and exit 2,
 * before stdin is read), then all of stdin as UTF-8 text (text that is not UTF-8 is exit 1). Call it inside
 * an autorelease pool. */
static NSString *__attribute__((noinline)) np_input(int argc, char **argv) {
    if (argc > 1) {
        fprintf(stderr, "unknown phase: %s (the program takes none)\n", argv[argc - 1]);
        exit(2);
    }
    NSData *data = [[NSFileHandle fileHandleWithStandardInput] readDataToEndOfFile];
    NSString *text = [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding];
    if (text == nil) np_fail(@"NSStringEncodingError", @"stdin is not valid UTF-8");
    return text;
}

#endif
