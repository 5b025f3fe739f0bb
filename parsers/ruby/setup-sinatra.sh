#!/bin/sh
# Setup of the Sinatra services (run as root after the rows' apt packages, in the row's environment;
# idempotent). Sinatra 4 (Debian 13) no longer starts a server through Rack itself: `run!` needs the
# rackup gem, and WEBrick is no longer part of Ruby, so without ruby-rackup and ruby-webrick the app
# exits with "Sinatra could not start, the required gems weren't found!". Debian 12's Sinatra 2 starts
# through Rack 2's handlers and has no ruby-rackup package: there, nothing to do.
set -eu
available() {
    candidate=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p')
    [ -n "$candidate" ] && [ "$candidate" != "(none)" ]
}
if available ruby-rackup; then
    packages="ruby-rackup"
    if available ruby-webrick; then
        packages="$packages ruby-webrick"
    fi
    # shellcheck disable=SC2086 # (the package names are words)
    apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=900 $packages
else
    echo "setup: no ruby-rackup here (Sinatra before 4 starts without it): nothing to do"
fi
