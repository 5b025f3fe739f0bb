/* nestprobe parser program for Objective-C (GNUstep): SBJsonParser's objectWithString (SBJson 2.3, default
 * settings) on stdin into Foundation objects, from main. A nil result is the library's error: its last
 * errorTrace entry, "NSError: <description>", exit 1; @try/@catch catches any Objective-C exception
 * (NSException), "<name>: <reason>", exit 1. Nothing else is caught. The protocol (input, error line, exit
 * statuses) is ../protocol.h's. */
#import <Foundation/Foundation.h>
#import <SBJson/SBJsonParser.h>
#import "protocol.h"

int main(int argc, char **argv) {
    NSAutoreleasePool *pool = [[NSAutoreleasePool alloc] init];
    NSString *text = np_input(argc, argv);
    @try {
        SBJsonParser *parser = [[SBJsonParser alloc] init];
        id value = [parser objectWithString:text];
        if (value == nil) {
            NSError *err = [[parser errorTrace] lastObject];
            np_fail(@"NSError", err ? [err localizedDescription] : @"objectWithString returned nil");
        }
    } @catch (NSException *e) {
        np_error(e);
    }
    [pool drain];
    return 0;
}
