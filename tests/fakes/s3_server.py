"""A fake S3 on 127.0.0.1 (moto's server) that the real boto3 client talks to over HTTP
(S3_ENDPOINT_URL = the URL fake_s3 yields)."""

import functools
from collections.abc import Iterator
from contextlib import contextmanager

import boto3
from moto.server import ThreadedMotoServer

BUCKET = "renovation-files"
REGION = "us-east-1"
# moto accepts any key; these only have to be present wherever boto3 looks for them.
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "fake-access-key",
    "AWS_SECRET_ACCESS_KEY": "fake-secret-key",
    "AWS_DEFAULT_REGION": REGION,
}


@functools.cache
def client(url: str):
    """A boto3 S3 client of the fake, for tests to look at the bucket directly (one per URL:
    making one takes a tenth of a second)."""
    return boto3.session.Session(
        aws_access_key_id=CREDENTIALS["AWS_ACCESS_KEY_ID"],
        aws_secret_access_key=CREDENTIALS["AWS_SECRET_ACCESS_KEY"],
        region_name=REGION,
    ).client("s3", endpoint_url=url)


@contextmanager
def fake_s3(bucket: str = BUCKET) -> Iterator[str]:
    """Runs the fake on a free port with an empty bucket, yields its endpoint URL, stops it."""
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        url = f"http://{host}:{port}"
        client(url).create_bucket(Bucket=bucket)
        yield url
    finally:
        server.stop()


def main() -> None:
    """Run the fake on its own to try FILES_STORAGE=s3 locally."""
    import time

    with fake_s3() as url:
        print("Fake S3 running. Start the site with:")
        print(f"  FILES_STORAGE=s3 S3_BUCKET={BUCKET} S3_ENDPOINT_URL={url} S3_REGION={REGION} \\")
        print(
            f"  AWS_ACCESS_KEY_ID={CREDENTIALS['AWS_ACCESS_KEY_ID']} "
            f"AWS_SECRET_ACCESS_KEY={CREDENTIALS['AWS_SECRET_ACCESS_KEY']} make run"
        )
        print("Ctrl+C stops the fake (and forgets every file).")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
