#version 200
