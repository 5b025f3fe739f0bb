/* nestprobe parser program for Objective-C (GNUstep): reads all of stdin, then SBJsonParser's objectWithString
 * (SBJson 2.3, default settings) into Foundation objects. A nil result is the library's error: its last errorTrace
 * entry -> one line "NSError: <description>" on stderr, exit 1. @try/@catch catches any Objective-C exception
 * (NSException) -> "<name>: <reason>", exit 1. Nothing else is caught. */
#import <Foundation/Foundation.h>
#import <SBJson/SBJsonParser.h>
#include <stdio.h>

static int fail(NSString *type, NSString *msg) {
    NSArray *words = [msg componentsSeparatedByCharactersInSet:[NSCharacterSet whitespaceAndNewlineCharacterSet]];
    NSString *line = [[words filteredArrayUsingPredicate:[NSPredicate predicateWithFormat:@"length > 0"]]
        componentsJoinedByString:@" "];
    if ([line length] > 200) line = [line substringToIndex:200];
    fprintf(stderr, "%s: %s\n", [type UTF8String], [line UTF8String]);
    return 1;
}

int main(void) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    NSData *data = [[NSFileHandle fileHandleWithStandardInput] readDataToEndOfFile];
    NSString *text = [[NSString alloc] initWithData:data encoding:NSUTF8StringEncoding];
    if (text == nil) return fail(@"NSStringEncodingError", @"stdin is not valid UTF-8");
    int rc = 0;
    @try {
        SBJsonParser *parser = [[SBJsonParser alloc] init];
        id value = [parser objectWithString:text];
        if (value == nil) {
            NSError *err = [[parser errorTrace] lastObject];
            rc = fail(@"NSError", err ? [err localizedDescription] : @"objectWithString returned nil");
        }
    } @catch (NSException *e) {
        rc = fail([e name], [e reason] ? [e reason] : @"");
    }
    [pool drain];
    return rc;
}
