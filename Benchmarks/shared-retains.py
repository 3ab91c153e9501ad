"""gdb script for Benchmarks/shared-retains.sh: a breakpoint on swift_retain and swift_release that never stops the
program but writes a line per call to the file named by $SHARED_RETAINS_OUT:

    KIND THREAD ADDRESS TYPE | CALLER

KIND is retain or release; TYPE is the symbol of the object's type metadata (what `info symbol` names at the
object's first word), CALLER the function that made the call. swift_bridgeObjectRetain and Release end in these two
(a tail call, so CALLER is theirs); the values they pass on that are not objects — small strings, immortal storage,
null — are left out.
"""
import os

import gdb

out = open(os.environ["SHARED_RETAINS_OUT"], "w")


class Counted(gdb.Breakpoint):
    def __init__(self, function, kind):
        super().__init__(function, internal=True)
        self.kind = kind

    def stop(self):
        try:
            address = int(gdb.parse_and_eval("$rdi")) & 0xFFFFFFFFFFFFFFFF
            if address < 0x10000 or address >> 56:  # null, or a tagged value: not an object
                return False
            try:
                metadata = int(gdb.parse_and_eval("*(unsigned long *)%d" % address))
                symbol = gdb.execute("info symbol %d" % metadata, to_string=True).split(" in section")[0].strip()
            except gdb.error:
                symbol = "?"
            caller = gdb.newest_frame().older()
            name = (caller.name() if caller else None) or "?"
            thread = gdb.selected_thread().ptid[1]
            out.write("%s %d %x %s | %s\n" % (self.kind, thread, address, symbol, name))
        except gdb.error as error:
            out.write("error %s\n" % error)
        return False


Counted("swift_retain", "retain")
Counted("swift_release", "release")
