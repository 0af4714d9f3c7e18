"""
Trains the odometer reader's three small networks on TRODO photos and exports each to ONNX
(api/odometer/reader/*.onnx), where onnxruntime-node runs them on the CPU.

- locator: where the mileage's digits are. A fully convolutional net over a 256 x 256 letterboxed colour
  image that marks, at a quarter of the resolution, the pixels inside the mileage's box. It is trained on
  whole photos and on crops of many sizes around the odometer, so the same net finds the digits in a whole
  photo, then again, closer, in the crop it made (or in the frame the person drew).
- reader A: grey 32 x 128 crop, convolutions then a bidirectional GRU, CTC over 32 steps.
- reader B: colour 40 x 160 crop, convolutions of other widths then a bidirectional LSTM, CTC over 40 steps.
  Another input, another recurrent cell and other weights, so that one net's blind spot is not confirmed by
  the other. (Two first makes of B, plain dilated convolutions and strided ones, stayed on CTC's plateau of
  blanks for most of their epochs; pooling as reader A does learns in a few.)

Usage (python3-torch, numpy and PIL from Debian):
  python3 train.py TRODO_ROOT OUT_DIR [--drawn DIR] [--only locator,a,b] [--epochs-scale F]
TRODO_ROOT holds trodo-v01/ and dataset/images/test of the public mirror; the split is split.json beside
this file (trodo.py writes it).
"""
import json, math, os, random, sys, time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageFile, ImageEnhance

ImageFile.LOAD_TRUNCATED_IMAGES = True
torch.set_num_threads(int(os.environ.get('TRAIN_THREADS', os.cpu_count() or 1)))
HERE = os.path.dirname(os.path.abspath(__file__))

LOCATOR_SIZE = 256
LOCATOR_STRIDE = 4
READER_A = (32, 128)  # height, width; grey
READER_B = (40, 160)  # colour
# the margin around a located row that the readers see (inference uses the centre of training's range)
MARGIN_X, MARGIN_Y = 0.08, 0.25


def load(folder, photos, longest=1280):
    """Each photo decoded once and kept, downscaled so its longer side is at most `longest`."""
    out = []
    for p in photos:
        im = Image.open(os.path.join(folder, p['file'])).convert('RGB')
        scale = min(1.0, longest / max(im.size))
        if scale < 1:
            im = im.resize((round(im.width * scale), round(im.height * scale)), Image.BILINEAR)
        box = [v * scale for v in p['box']]
        out.append((im, box, p['reading']))
    return out


def letterbox(im, size):
    """The image scaled to fit size x size, centred on black; returns the canvas, the scale and the offset."""
    scale = size / max(im.size)
    w, h = max(1, round(im.width * scale)), max(1, round(im.height * scale))
    canvas = Image.new('RGB', (size, size))
    ox, oy = (size - w) // 2, (size - h) // 2
    canvas.paste(im.resize((w, h), Image.BILINEAR), (ox, oy))
    return canvas, scale, ox, oy


def jitter_colour(im, rng):
    im = ImageEnhance.Brightness(im).enhance(rng.uniform(0.6, 1.4))
    im = ImageEnhance.Contrast(im).enhance(rng.uniform(0.6, 1.4))
    return ImageEnhance.Color(im).enhance(rng.uniform(0.5, 1.5))


def locator_sample(im, box, rng):
    bw, bh = box[2] - box[0], box[3] - box[1]
    if rng.random() < 0.35:
        crop = (0, 0, im.width, im.height)
    else:
        side = max(bw, bh * 3) * rng.uniform(1.15, 4.0)
        cw, ch = side * rng.uniform(0.8, 1.3), side * rng.uniform(0.5, 1.1)
        cw, ch = max(cw, bw * 1.05), max(ch, bh * 1.3)
        x0 = rng.uniform(box[2] - cw, box[0]) if cw > bw else box[0]
        y0 = rng.uniform(box[3] - ch, box[1])
        crop = (x0, y0, x0 + cw, y0 + ch)
    part = im.crop(tuple(round(v) for v in crop))
    canvas, scale, ox, oy = letterbox(part, LOCATOR_SIZE)
    canvas = jitter_colour(canvas, rng)
    m = LOCATOR_SIZE // LOCATOR_STRIDE
    mask = np.zeros((m, m), np.float32)
    x0 = ((box[0] - crop[0]) * scale + ox) / LOCATOR_STRIDE
    x1 = ((box[2] - crop[0]) * scale + ox) / LOCATOR_STRIDE
    y0 = ((box[1] - crop[1]) * scale + oy) / LOCATOR_STRIDE
    y1 = ((box[3] - crop[1]) * scale + oy) / LOCATOR_STRIDE
    mask[max(0, int(math.floor(y0))):max(0, int(math.ceil(y1))), max(0, int(math.floor(x0))):max(0, int(math.ceil(x1)))] = 1
    return np.asarray(canvas, np.float32).transpose(2, 0, 1) / 255, mask


def row_crop(im, box, mx, my):
    bw, bh = box[2] - box[0], box[3] - box[1]
    return im.crop((round(box[0] - mx[0] * bw), round(box[1] - my[0] * bh), round(box[2] + mx[1] * bw), round(box[3] + my[1] * bh)))


def reader_input(part, shape, colour, rng=None):
    h, w = shape
    part = part.resize((w, h), Image.BILINEAR)
    if rng is not None:
        part = jitter_colour(part, rng)
    a = np.asarray(part, np.float32) / 255
    if colour:
        return a.transpose(2, 0, 1)
    return (a @ np.array([0.299, 0.587, 0.114], np.float32))[None]


def reader_sample(im, box, rng, shape, colour):
    bw, bh = box[2] - box[0], box[3] - box[1]
    # the box as a locator finds it: a little off on every side
    noisy = [box[0] + rng.gauss(0, 0.03) * bw, box[1] + rng.gauss(0, 0.1) * bh, box[2] + rng.gauss(0, 0.03) * bw, box[3] + rng.gauss(0, 0.1) * bh]
    mx = (MARGIN_X + rng.uniform(-0.05, 0.12), MARGIN_X + rng.uniform(-0.05, 0.12))
    my = (MARGIN_Y + rng.uniform(-0.15, 0.3), MARGIN_Y + rng.uniform(-0.15, 0.3))
    part = row_crop(im, noisy, mx, my)
    if rng.random() < 0.3:
        part = part.rotate(rng.uniform(-4, 4), resample=Image.BILINEAR)
    return reader_input(part, shape, colour, rng)


class Locator(nn.Module):
    def __init__(self):
        super().__init__()
        c = lambda i, o, s=1, d=1: nn.Sequential(nn.Conv2d(i, o, 3, s, d, dilation=d, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))
        self.down = nn.Sequential(c(3, 16, 2), c(16, 24, 2))            # 64 x 64
        self.deep = nn.Sequential(c(24, 48, 2), c(48, 48), c(48, 48, d=2), c(48, 48, d=4), c(48, 48, d=8))  # 32 x 32
        self.head = nn.Sequential(c(72, 32), nn.Conv2d(32, 1, 1))

    def forward(self, x):
        low = self.down(x)
        deep = F.interpolate(self.deep(low), scale_factor=2.0, mode='nearest')
        return self.head(torch.cat([low, deep], 1))


class RowReader(nn.Module):
    """A row of digits to CTC's 11 classes (blank, 0-9) a step: five convolutions with pooling that bring the
    row to a height of 1, then a bidirectional recurrent layer. The two readers are two of these."""

    def __init__(self, channels, widths, rnn, hidden):
        super().__init__()
        c = lambda i, o: nn.Sequential(nn.Conv2d(i, o, 3, 1, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))
        w1, w2, w3, w4, w5 = widths
        self.cnn = nn.Sequential(c(channels, w1), nn.MaxPool2d(2), c(w1, w2), nn.MaxPool2d(2), c(w2, w3), c(w3, w3), nn.MaxPool2d((2, 1)),
                                 c(w3, w4), nn.MaxPool2d((2, 1)), c(w4, w5), nn.MaxPool2d((2, 1)))
        self.rnn = rnn(w5, hidden, bidirectional=True, batch_first=True)
        self.out = nn.Linear(2 * hidden, 11)

    def forward(self, x):
        f = self.cnn(x).squeeze(2).transpose(1, 2)  # N, T (a quarter of the width), features
        return self.out(self.rnn(f)[0])  # N, T, 11


def reader_a():
    """Grey 32 x 128 in, 32 steps; a GRU."""
    return RowReader(1, (32, 64, 96, 128, 128), nn.GRU, 96)


def reader_b():
    """Colour 40 x 160 in, 40 steps; other widths and an LSTM."""
    return RowReader(3, (24, 48, 80, 112, 128), nn.LSTM, 80)


def train_locator(data, epochs, rng):
    net = Locator()
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    steps = epochs * math.ceil(len(data) / 32)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    net.train()
    for epoch in range(epochs):
        order, t0, total = list(range(len(data))), time.time(), 0.0
        rng.shuffle(order)
        for i in range(0, len(order), 32):
            batch = [locator_sample(*data[j][:2], rng) for j in order[i:i + 32]]
            x = torch.tensor(np.stack([b[0] for b in batch]))
            y = torch.tensor(np.stack([b[1] for b in batch]))[:, None]
            logit = net(x)
            p = torch.sigmoid(logit)
            dice = 1 - (2 * (p * y).sum((1, 2, 3)) + 1) / (p.sum((1, 2, 3)) + y.sum((1, 2, 3)) + 1)
            loss = F.binary_cross_entropy_with_logits(logit, y, pos_weight=torch.tensor(4.0)) + dice.mean()
            opt.zero_grad(); loss.backward(); opt.step(); sched.step()
            total += loss.item() * len(batch)
        print(f'locator epoch {epoch + 1}/{epochs} loss {total / len(data):.3f} {time.time() - t0:.0f}s', flush=True)
    return net.eval()


def train_reader(make, data, shape, colour, epochs, rng, copies=2):
    net = make()
    opt = torch.optim.AdamW(net.parameters(), 2e-3, weight_decay=1e-4)
    per_epoch = len(data) * copies
    steps = epochs * math.ceil(per_epoch / 64)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, 3e-3, total_steps=steps)
    ctc = nn.CTCLoss(blank=0, zero_infinity=True)
    net.train()
    for epoch in range(epochs):
        order, t0, total = [j for j in range(len(data)) for _ in range(copies)], time.time(), 0.0
        rng.shuffle(order)
        for i in range(0, len(order), 64):
            idx = order[i:i + 64]
            x = torch.tensor(np.stack([reader_sample(*data[j][:2], rng, shape, colour) for j in idx]))
            targets = [torch.tensor([int(ch) + 1 for ch in data[j][2]]) for j in idx]
            logits = net(x).log_softmax(-1).transpose(0, 1)  # T, N, C
            loss = ctc(logits, torch.cat(targets), torch.full((len(idx),), logits.shape[0], dtype=torch.long),
                       torch.tensor([len(t) for t in targets]))
            opt.zero_grad(); loss.backward(); nn.utils.clip_grad_norm_(net.parameters(), 5); opt.step(); sched.step()
            total += loss.item() * len(idx)
        print(f'{make.__name__} epoch {epoch + 1}/{epochs} loss {total / per_epoch:.3f} {time.time() - t0:.0f}s', flush=True)
    return net.eval()


def export(net, shape, path, names):
    torch.onnx.export(net, torch.zeros(shape), path, input_names=['image'], output_names=[names], opset_version=13,
                      dynamic_axes={'image': {0: 'n'}, names: {0: 'n'}})


def main():
    root, out = sys.argv[1], sys.argv[2]
    scale = float(sys.argv[sys.argv.index('--epochs-scale') + 1]) if '--epochs-scale' in sys.argv else 1.0
    only = sys.argv[sys.argv.index('--only') + 1].split(',') if '--only' in sys.argv else ['locator', 'a', 'b']
    split = json.load(open(os.path.join(HERE, 'split.json')))
    train = [p for p in split if p['split'] == 'train']
    rng = random.Random(24)
    torch.manual_seed(24)
    data = load(os.path.join(root, 'trodo-v01', 'images'), train)
    if '--drawn' in sys.argv:
        # the tests' kind of drawn odometers (drawn.ts), a quarter as many as the photos
        drawn_dir = sys.argv[sys.argv.index('--drawn') + 1]
        data += load(drawn_dir, json.load(open(os.path.join(drawn_dir, 'drawn.json')))[:len(data) // 4])
    os.makedirs(out, exist_ok=True)
    if 'a' in only:
        export(train_reader(reader_a, data, READER_A, False, max(1, round(20 * scale)), rng), (1, 1) + READER_A, os.path.join(out, 'reader-a.onnx'), 'logits')
    if 'b' in only:
        export(train_reader(reader_b, data, READER_B, True, max(1, round(24 * scale)), rng), (1, 3) + READER_B, os.path.join(out, 'reader-b.onnx'), 'logits')
    if 'locator' in only:
        export(train_locator(data, max(1, round(25 * scale)), rng), (1, 3, LOCATOR_SIZE, LOCATOR_SIZE), os.path.join(out, 'locator.onnx'), 'mask')


if __name__ == '__main__':
    main()
