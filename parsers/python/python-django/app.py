# nestprobe service program (tools/SERVICES-SPEC.md): Django as a single-file project (settings in
# code, the URLconf and the views in this module: what `startproject` spreads over settings.py, urls.py
# and views.py). The settings are startproject's minus what needs a database or INSTALLED_APPS
# (sessions, auth, messages, admin); DEBUG off, as deployed. No body limit changed
# (DATA_UPLOAD_MAX_MEMORY_SIZE stays 2.5 MB), no error handlers, no recursion-limit change.
# POST /parse: json.loads(request.body), answers "ok". POST /echo: JsonResponse(data, safe=False).
# GET /health: "ok". The views are csrf_exempt, as the docs show for an API.
# `python3 app.py runserver --noreload` runs Django's development server on 127.0.0.1:$PORT;
# gunicorn serves `app:application` (the python-django-gunicorn row).
import json
import os
import sys

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

settings.configure(
    DEBUG=False,
    SECRET_KEY="nestprobe-service-not-secret",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    MIDDLEWARE=[
        "django.middleware.security.SecurityMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
    ],
)


@csrf_exempt
@require_POST
def parse(request):
    json.loads(request.body)
    return HttpResponse("ok")


@csrf_exempt
@require_POST
def echo(request):
    data = json.loads(request.body)
    return JsonResponse(data, safe=False)


@require_GET
def health(request):
    return HttpResponse("ok")


urlpatterns = [
    path("parse", parse),
    path("echo", echo),
    path("health", health),
]

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()

if __name__ == "__main__":
    from django.core.management import execute_from_command_line

    # manage.py's call; the address is 127.0.0.1 and the port from PORT.
    execute_from_command_line(sys.argv + ["127.0.0.1:" + os.environ["PORT"]])
